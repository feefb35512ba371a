import {
  type AdminConversation,
  type DealPerson,
  formatDateTime,
  formatNumber,
  LISTING_STATUS_TEXT,
  staffMay,
  TradeType,
  tradeUiMessages,
} from '@beesang/contract';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { EmptyState } from '../shared/list-state';
import { count, PageHeader } from '../shared/page-header';
import { MessageTable } from './message-table';

/** A reported conversation as a moderator reads it (issue 22 §4): who, about which listing, and every message. */
export function ConversationReading({ conversation: c }: { conversation: AdminConversation }) {
  const side = c.listing.tradeType === TradeType.BUY ? tradeUiMessages.buy : tradeUiMessages.sell;
  const cautioned = c.messages.filter((m) => m.cautions.length > 0).length;
  const role = useSession().user?.staffRole ?? null;
  return (
    <section aria-labelledby="conversation-title">
      <PageHeader
        id="conversation-title"
        title={`신고된 대화 ${c.conversationId}번`}
        summary={`메시지 ${formatNumber(c.messageCount)}개 · 주의 표시 ${formatNumber(cautioned)}개 · 신고 ${count(c.reportCount)}`}
        actions={
          <Link to="/admin/reports" className="text-sm font-semibold text-brand hover:underline">
            신고 목록으로
          </Link>
        }
      />
      <p role="note" className="mt-4 rounded-control bg-brand/5 px-3 py-2 text-sm text-ink-2">
        이 열람은 감사 로그에 <strong className="text-ink">‘신고된 대화 열람’</strong>으로 기록됩니다 (열람한 운영자, 시각, 접속 IP). 두
        회원의 정보 조회 기록에도 남으니, 신고를 처리하는 데 필요한 만큼만 읽어주세요.
        {staffMay(role, 'audit') && (
          <Link to={`/admin/audit?target=CONVERSATION:${c.conversationId}`} className="ml-2 font-semibold text-brand hover:underline">
            이 대화의 열람 기록
          </Link>
        )}
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-3 rounded-card bg-white p-4 text-sm ring-1 ring-line sm:grid-cols-3">
        <div>
          <dt className="text-ink-3">매물</dt>
          <dd className="mt-0.5">
            <Link to={`/stock/${c.listing.companyIdx}`} className="font-semibold hover:underline">
              {c.listing.companyName}
            </Link>{' '}
            {side} 매물 {c.listing.tradeIdx}번
            <span className="num block text-ink-2">
              {formatNumber(c.listing.stockCount)}주 × {formatNumber(c.listing.stockPerPrice)}원 ·{' '}
              {LISTING_STATUS_TEXT[c.listing.tradeStatus] ?? '상태 알 수 없음'}
            </span>
          </dd>
        </div>
        <Participant label="매물 등록자" person={c.owner} reported={c.reportedBy.includes(c.owner.userIdx)} />
        <Participant label="대화를 건 회원" person={c.member} reported={c.reportedBy.includes(c.member.userIdx)} />
      </dl>
      <p className="mt-2 text-xs text-ink-3">대화 시작 {formatDateTime(c.createdAt)}</p>
      {c.messages.length === 0 ? <EmptyState>메시지가 없습니다.</EmptyState> : <MessageTable messages={c.messages} />}
      {c.messageCount > c.messages.length && (
        <p className="mt-2 text-sm text-ink-3">
          처음 {formatNumber(c.messages.length)}개만 보여 줍니다 (전체 {formatNumber(c.messageCount)}개).
        </p>
      )}
    </section>
  );
}

function Participant({ label, person, reported }: { label: string; person: DealPerson; reported: boolean }) {
  return (
    <div>
      <dt className="text-ink-3">{label}</dt>
      <dd className="mt-0.5">
        <span className="font-semibold">{person.userNickname}</span>
        {reported && <span className="ml-1 rounded-md bg-page px-1.5 py-0.5 text-xs font-semibold text-ink-2">신고함</span>}
        <span className="num block text-ink-3">
          회원번호 {person.userIdx}
          <Link to={`/admin/members?query=${person.userIdx}`} className="ml-2 text-brand hover:underline">
            회원 보기
          </Link>
        </span>
      </dd>
    </div>
  );
}
