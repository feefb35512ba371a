import { MembersOnly } from '../components/layout/members-only';
import { rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/my-page';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({ title: '마이페이지', path: '/myPage', origin: rootOrigin(matches) }),
  { name: 'robots', content: 'noindex' },
];

export default function MyPage() {
  return <MembersOnly title="마이페이지" reason="회원정보를 수정하려면 로그인해주세요." />;
}
