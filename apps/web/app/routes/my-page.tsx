import { myTradeMessages as m } from '@beesang/contract';
import { NavLink, Outlet, useLocation } from 'react-router';
import { MembersOnly } from '../components/layout/members-only';
import { SAME_FOR_MEMBERS, useSession } from '../lib/session';

const LEVEL_TEXT: Record<number, string> = { 0: '비회원', 1: '일반 회원 (본인인증 전)', 2: '정회원 (본인인증 완료)' };

// Nothing read for the member here: the visitors' page serves them (issue 24, decision 0030).
export const handle = SAME_FOR_MEMBERS;

/** 마이페이지: the member's heading and the two sections, 회원정보 (/myPage) and 내 매물 (/myPage/trades). */
export default function MyPage() {
  const session = useSession();
  const { pathname } = useLocation();
  const user = session.user;
  if (!user) {
    const trades = pathname.startsWith('/myPage/trades');
    return <MembersOnly title="마이페이지" reason={trades ? m.membersOnly : '회원정보를 수정하려면 로그인해주세요.'} />;
  }
  const tab = ({ isActive }: { isActive: boolean }) =>
    `-mb-px inline-flex h-11 items-center border-b-2 px-1 text-[15px] font-semibold transition-colors ${
      isActive ? 'border-ink text-ink' : 'border-transparent text-ink-3 hover:text-ink-2'
    }`;
  return (
    <div className="mx-auto max-w-[800px]">
      <h1 className="text-2xl font-bold">마이페이지</h1>
      <p className="num mt-1 text-sm text-ink-3">
        {user.phoneMasked} · {LEVEL_TEXT[user.userLevel] ?? ''}
      </p>
      <nav aria-label={m.pageNav} className="mt-4 mb-6 border-b border-line">
        <ul className="flex gap-5">
          <li>
            <NavLink to="/myPage" end className={tab}>
              {m.accountTab}
            </NavLink>
          </li>
          <li>
            <NavLink to="/myPage/trades" className={tab}>
              {m.title}
            </NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
