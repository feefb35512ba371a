import type { ContentState } from './content-api';

const BADGE: Record<ContentState, { text: string; className: string }> = {
  DRAFT: { text: '임시저장', className: 'bg-page text-ink-2 ring-1 ring-line' },
  SCHEDULED: { text: '예약', className: 'bg-[#fff8e1] text-[#7a5200]' },
  LIVE: { text: '게시 중', className: 'bg-success/10 text-[#02724a]' },
};

export function StateBadge({ state }: { state: ContentState }) {
  const b = BADGE[state];
  return <span className={`inline-block rounded-md px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ${b.className}`}>{b.text}</span>;
}
