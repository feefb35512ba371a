import type { ReactNode } from 'react';

/**
 * A console page's title, its count line ('대기 12건 · 전체 40건') and actions on the right. The
 * title takes focus (not by Tab) when what had it left the page, such as a settled report's card.
 */
export function PageHeader(props: { id: string; title: ReactNode; summary?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
      <div>
        <h1 id={props.id} tabIndex={-1} className="text-xl font-bold">
          {props.title}
        </h1>
        {props.summary && <p className="num mt-1 text-sm text-ink-3">{props.summary}</p>}
      </div>
      {props.actions}
    </header>
  );
}

/** '12건' with tabular digits. */
export const count = (n: number) => `${n.toLocaleString('ko-KR')}건`;
