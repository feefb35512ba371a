import { rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { useSession } from '../lib/session';
import type { Route } from './+types/favorite';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({ title: '관심 종목', path: '/favorite', origin: rootOrigin(matches) }),
  { name: 'robots', content: 'noindex' },
];

export default function Favorite() {
  const session = useSession();
  return (
    <div className="mx-auto max-w-[800px]">
      <h1 className="mb-4 text-2xl font-bold">관심 종목</h1>
      <div className="rounded-card bg-white p-10 text-center ring-1 ring-line">
        <p className="text-ink-2">로그인하고 관심 종목의 시세를 한곳에서 확인하세요.</p>
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
