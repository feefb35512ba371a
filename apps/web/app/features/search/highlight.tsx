import { highlightRanges } from '@beesang/contract';

/** The company name with the typed text (or the initials it matched) highlighted. */
export function Highlight({ text, query }: { text: string; query: string }) {
  const [range] = highlightRanges(text, query);
  if (!range) return <>{text}</>;
  const [from, to] = range;
  return (
    <>
      {text.slice(0, from)}
      <mark className="bg-transparent font-bold text-brand">{text.slice(from, to)}</mark>
      {text.slice(to)}
    </>
  );
}
