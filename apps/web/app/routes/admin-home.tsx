import { staffMay } from '@beesang/contract';
import { ListFailed, useReload } from '../components/ui/list-state';
import { CautionCard } from '../features/admin/conversations/caution-card';
import { count } from '../features/admin/shared/page-header';
import { ADMIN_PAGE_SIZE } from '../features/admin/shared/paged';
import { QueueCard } from '../features/admin/shared/queue-card';
import { waitAge } from '../features/admin/shared/wait-age';
import { relativeTime } from '../lib/relative-time';
import { memberRead } from '../lib/server-context';
import { useSession } from '../lib/session';
import type { Route } from './+types/admin-home';

/** The queues' sizes and their oldest waiting item, read with the operator's own session (a queue the role may not see is null). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const [reports, flagged, proofs, review, experts, entries, cautions] = await Promise.all([
    memberRead(context, request, (reads) => reads.adminReports({ status: 'OPEN', page: 1, size: ADMIN_PAGE_SIZE }), 'reports'),
    memberRead(context, request, (reads) => reads.adminReview({ page: 1, size: 1 }), 'the review queue'),
    memberRead(context, request, (reads) => reads.adminProofs({ page: 1, size: ADMIN_PAGE_SIZE }), 'proofs'),
    memberRead(context, request, (reads) => reads.adminPriceReview({ page: 1, size: 1 }), 'the price review'),
    memberRead(context, request, (reads) => reads.adminExperts({ page: 1, size: 1 }), 'the expert review'),
    memberRead(context, request, (reads) => reads.adminPriceEntries({ status: 'PENDING', page: 1, size: 1 }), 'the pending prices'),
    memberRead(context, request, (reads) => reads.adminCautions(), 'the caution count'),
  ]);
  return { reports, flagged, proofs, review, experts, entries, cautions, now: Date.now() };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { reports, flagged, proofs, review, experts, entries, cautions, now } = loaderData;
  const role = useSession().user?.staffRole ?? null;
  const { reload, reloading } = useReload();
  const cards = [
    staffMay(role, 'reports') && {
      title: '신고 대기',
      to: '/admin/reports',
      count: reports && count(reports.total),
      detail: reports ? `가장 오래 기다린 신고: ${waitAge(reports.oldestWaitingSince, now)}` : '신고 목록을 읽지 못했습니다.',
    },
    staffMay(role, 'reports') && {
      title: '검토 대기 (신고 없이 올라온 항목)',
      to: '/admin/review',
      count: flagged && count(flagged.total),
      detail: flagged ? `가장 오래 기다린 항목: ${waitAge(flagged.oldestWaitingSince, now)}` : '검토 목록을 읽지 못했습니다.',
    },
    staffMay(role, 'proofs') && {
      title: '매물 인증 대기',
      to: '/admin/proofs',
      count: proofs && count(proofs.total),
      detail: proofs ? `가장 오래 기다린 인증: ${waitAge(proofs.oldestWaitingSince, now)}` : '인증 목록을 읽지 못했습니다.',
    },
    staffMay(role, 'experts') && {
      title: '전문가 심사 대기',
      to: '/admin/experts',
      count: experts && count(experts.total),
      detail: experts ? `가장 오래 기다린 심사: ${waitAge(experts.oldestWaitingSince, now)}` : '심사 목록을 읽지 못했습니다.',
    },
    staffMay(role, 'prices') && {
      title: '가격 승인 대기',
      to: '/admin/prices#price-entries-title',
      count: entries && count(entries.total),
      detail: entries ? `가장 오래 기다린 가격: ${waitAge(entries.data[0]?.enteredAt ?? null, now)}` : '승인 대기 목록을 읽지 못했습니다.',
    },
    staffMay(role, 'prices') && {
      title: '가격 검토 (제외된 체결)',
      to: '/admin/prices',
      count: review && count(review.total),
      detail: review
        ? review.data[0]
          ? `가장 최근 제외: ${relativeTime(review.data[0].at, now)}`
          : '제외된 체결이 없습니다.'
        : '검토 목록을 읽지 못했습니다.',
    },
  ].filter((c) => c !== false);
  const showCautions = staffMay(role, 'reports');
  const unread = cards.filter((c) => c.count === null).length + (showCautions && !cautions ? 1 : 0);

  return (
    <section aria-labelledby="admin-home-title">
      <h1 id="admin-home-title" className="text-xl font-bold">
        현황
      </h1>
      {cards.length === 0 ? (
        <p className="mt-4 rounded-card bg-white p-8 text-center text-ink-2 ring-1 ring-line">
          이 권한({role})으로 처리할 대기열이 없습니다. 왼쪽 메뉴에서 작업을 고르세요.
        </p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((c) => (
            <li key={c.to}>
              <QueueCard title={c.title} to={c.to} count={c.count} detail={c.detail} />
            </li>
          ))}
          {showCautions && (
            <li>
              <CautionCard cautions={cautions ?? null} />
            </li>
          )}
        </ul>
      )}
      {unread > 0 && (
        <ListFailed
          framed
          size="compact"
          message={`대기열 ${unread}곳의 현황을 불러오지 못했습니다.`}
          onRetry={reload}
          retrying={reloading}
        />
      )}
    </section>
  );
}
