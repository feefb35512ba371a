import { staffMay } from '@beesang/contract';
import { Link } from 'react-router';
import { proofsPath, type Queue, reportsPath } from '../features/admin/admin-api';
import { waitAge } from '../features/admin/wait-age';
import { memberApiGet } from '../lib/server-context';
import { useSession } from '../lib/session';
import type { Route } from './+types/admin-home';

/** The queues' sizes and their oldest waiting item, read with the operator's own session. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const [reports, proofs] = await Promise.all([
    memberApiGet<Queue<unknown>>(context, request, reportsPath('OPEN')),
    memberApiGet<Queue<unknown>>(context, request, proofsPath()),
  ]);
  return { reports, proofs, now: Date.now() };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const role = useSession().user?.staffRole ?? null;
  const cards = [
    { title: '신고', queue: loaderData.reports, to: '/admin/reports', unit: '건', show: staffMay(role, 'reports') },
    { title: '매물 인증', queue: loaderData.proofs, to: '/admin/proofs', unit: '건', show: staffMay(role, 'proofs') },
  ].filter((c) => c.show);
  return (
    <section aria-labelledby="admin-home-title">
      <h1 id="admin-home-title" className="text-xl font-bold">
        현황
      </h1>
      {cards.length === 0 ? (
        <p className="mt-4 text-ink-2">이 권한({role})으로 처리할 대기열이 없습니다.</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {cards.map((c) => (
            <li key={c.to}>
              <Link
                to={c.to}
                className="block rounded-card bg-white p-5 ring-1 ring-line transition-shadow hover:shadow-md"
                data-testid="queue-card"
              >
                <p className="text-sm font-semibold text-ink-2">{c.title} 대기</p>
                <p className="num mt-1 text-3xl font-bold">
                  {c.queue ? c.queue.total.toLocaleString('ko-KR') : '–'}
                  <span className="ml-1 text-base font-medium text-ink-3">{c.unit}</span>
                </p>
                <p className="mt-2 text-sm text-ink-3">
                  가장 오래 기다린 항목: {c.queue ? waitAge(c.queue.oldestWaitingSince, loaderData.now) : '불러오지 못함'}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
