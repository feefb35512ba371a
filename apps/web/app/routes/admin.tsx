import { type StaffArea, staffMay } from '@beesang/contract';
import { NavLink, Outlet, useNavigation } from 'react-router';
import { MembersOnly } from '../components/layout/members-only';
import { ListFailed, PendingList, useReload } from '../components/ui/list-state';
import { useSession } from '../lib/session';
import type { Route } from './+types/admin';

/** The operators' console (issue 11 §3): never indexed, never cached, for staff only. */
export const meta: Route.MetaFunction = () => [{ title: '운영자 콘솔 | 비상' }, { name: 'robots', content: 'noindex, nofollow' }];
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const SECTIONS: Array<{ to: string; label: string; area: StaffArea; end?: boolean }> = [
  { to: '/admin', label: '현황', area: 'audit', end: true },
  { to: '/admin/reports', label: '신고', area: 'reports' },
  { to: '/admin/review', label: '검토 대기', area: 'reports' },
  { to: '/admin/proofs', label: '매물 인증', area: 'proofs' },
  { to: '/admin/experts', label: '전문가 심사', area: 'experts' },
  { to: '/admin/members', label: '회원', area: 'members' },
  { to: '/admin/top-fix', label: '상단 고정', area: 'topFix' },
  { to: '/admin/prices', label: '가격 검토', area: 'prices' },
  { to: '/admin/content', label: '콘텐츠', area: 'content' },
  { to: '/admin/campaigns', label: '캠페인 (광고)', area: 'content' },
  { to: '/admin/companies', label: '종목', area: 'companies' },
  { to: '/admin/audit', label: '감사 로그', area: 'audit' },
];

export default function AdminLayout() {
  const session = useSession();
  const navigation = useNavigation();
  const role = session.user?.staffRole ?? null;
  // Another section, page or filter of the console on its way: the current one dims and says so.
  const pending = navigation.state === 'loading' && navigation.location.pathname.startsWith('/admin');
  if (!session.user) return <MembersOnly title="운영자 콘솔" reason="운영자 계정으로 로그인해주세요." />;
  if (!role) {
    return (
      <div className="mx-auto max-w-[800px] py-16 text-center">
        <h1 className="text-xl font-bold">운영자 콘솔</h1>
        <p className="mt-2 text-ink-2">운영자만 이용할 수 있습니다.</p>
      </div>
    );
  }
  // The front page is for everyone with a role; each section shows to the roles that may use it.
  const visible = SECTIONS.filter((s) => s.end || staffMay(role, s.area));
  const tab = ({ isActive }: { isActive: boolean }) =>
    `flex h-10 items-center rounded-control px-3 text-[15px] font-semibold whitespace-nowrap transition-colors ${
      isActive ? 'bg-ink text-white' : 'text-ink-2 hover:bg-white hover:text-ink'
    }`;
  return (
    <div className="mx-auto grid max-w-[1200px] gap-6 lg:grid-cols-[180px_1fr]">
      <nav aria-label="운영자 콘솔" className="min-w-0 max-lg:border-b max-lg:border-line max-lg:pb-3 lg:sticky lg:top-20 lg:self-start">
        <p className="mb-2 hidden px-3 text-xs font-semibold text-ink-3 lg:block">운영자 콘솔 · {role}</p>
        <ul className="flex gap-1 overflow-x-auto lg:flex-col">
          {visible.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} end={s.end} className={tab}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <PendingList pending={pending} className="min-w-0">
        <Outlet />
      </PendingList>
    </div>
  );
}

/** A console page that could not be loaded at all (the network gone on the way to it): say so, and read it again. */
export function ErrorBoundary() {
  const { reload, reloading } = useReload();
  return (
    <div className="mx-auto max-w-[800px]">
      <h1 className="text-xl font-bold">운영자 콘솔</h1>
      <ListFailed framed message="콘솔 화면을 불러오지 못했습니다." onRetry={reload} retrying={reloading} />
    </div>
  );
}
