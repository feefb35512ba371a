import { rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { useSession } from '../lib/session';
import type { Route } from './+types/my-page';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({ title: '마이페이지', path: '/myPage', origin: rootOrigin(matches) }),
  { name: 'robots', content: 'noindex' },
];

export default function MyPage() {
  const session = useSession();
  return (
    <div className="mx-auto max-w-[800px]">
      <h1 className="mb-4 text-2xl font-bold">마이페이지</h1>
      <div className="rounded-card bg-white p-10 text-center ring-1 ring-line">
        <p className="text-ink-2">회원정보를 수정하려면 로그인해주세요.</p>
        <button
          type="button"
          onClick={session.openLoginDialog}
          className="mt-5 h-11 rounded-control bg-brand px-6 font-semibold text-white hover:bg-brand-hover"
        >
          로그인
        </button>
      </div>
    </div>
  );
}
