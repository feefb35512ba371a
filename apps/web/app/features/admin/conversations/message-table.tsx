import { formatDateTime, formatNumber, MESSAGE_KIND_TEXT, type Message } from '@beesang/contract';
import { AdminTable, TD } from '../shared/admin-table';
import { CautionChips } from './caution-chips';

const COLUMNS = [
  { label: '시각', className: 'w-40' },
  { label: '보낸 사람', className: 'w-32' },
  { label: '내용' },
  { label: '주의', className: 'w-36' },
];

/** A deal step as words with its terms ('거래 제안 · 10주 × 9,900원'); a text has none. */
function stepText(m: Message): string {
  const step = MESSAGE_KIND_TEXT[m.kind];
  if (!step) return '';
  return m.stockCount !== null && m.stockPerPrice !== null
    ? `${step} · ${formatNumber(m.stockCount)}주 × ${formatNumber(m.stockPerPrice)}원`
    : step;
}

/** Every message of a reported conversation in the order written: when, who, what, and its cautions. */
export function MessageTable({ messages }: { messages: Message[] }) {
  return (
    <AdminTable caption="대화 메시지 (쓴 순서)" columns={COLUMNS} testId="conversation-messages">
      {messages.map((m) => {
        const step = stepText(m);
        return (
          <tr key={m.messageId} className={m.cautions.length > 0 ? 'bg-rise/5' : undefined} data-testid="conversation-message">
            <td className={`${TD} whitespace-nowrap text-ink-3`}>
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            </td>
            <td className={TD}>
              {m.sender ? (
                <>
                  <span className="font-semibold">{m.sender.userNickname}</span>
                  <span className="block text-xs text-ink-3">회원번호 {m.sender.userIdx}</span>
                </>
              ) : (
                <span className="text-ink-3">비상 (자동)</span>
              )}
            </td>
            <td className={`${TD} break-words whitespace-pre-wrap`}>
              {step && <span className="mr-1 rounded-md bg-page px-1.5 py-0.5 text-xs font-semibold text-ink-2">{step}</span>}
              {m.text}
            </td>
            <td className={TD}>
              <CautionChips cautions={m.cautions} />
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
