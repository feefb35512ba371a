import { MembersOnly } from '../components/layout/members-only';
import { rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/favorite';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({ title: '관심 종목', path: '/favorite', origin: rootOrigin(matches) }),
  { name: 'robots', content: 'noindex' },
];

export default function Favorite() {
  return <MembersOnly title="관심 종목" reason="로그인하고 관심 종목의 시세를 한곳에서 확인하세요." />;
}
