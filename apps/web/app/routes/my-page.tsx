import { MembersOnly } from '../components/layout/members-only';
import { Card } from '../components/ui/card';
import { DeleteAccount } from '../features/account/delete-account';
import { IdentityVerification } from '../features/account/identity-verification';
import { PasswordForm } from '../features/account/password-form';
import { ProfileForm } from '../features/account/profile-form';
import { rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { useSession } from '../lib/session';
import type { Route } from './+types/my-page';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({ title: '마이페이지', path: '/myPage', origin: rootOrigin(matches) }),
  { name: 'robots', content: 'noindex' },
];

const LEVEL_TEXT: Record<number, string> = { 0: '비회원', 1: '일반 회원 (본인인증 전)', 2: '정회원 (본인인증 완료)' };

export default function MyPage() {
  const session = useSession();
  const user = session.user;
  if (!user) return <MembersOnly title="마이페이지" reason="회원정보를 수정하려면 로그인해주세요." />;
  return (
    <div className="mx-auto max-w-[640px] space-y-6">
      <div>
        <h1 className="text-2xl font-bold">마이페이지</h1>
        <p className="num mt-1 text-sm text-ink-3">
          {user.phoneMasked} · {LEVEL_TEXT[user.userLevel] ?? ''}
        </p>
      </div>
      <Card title="본인인증">
        <IdentityVerification user={user} onVerified={session.signIn} />
      </Card>
      <Card title="회원정보">
        <ProfileForm key={user.userIdx} user={user} onSaved={session.signIn} />
      </Card>
      <Card title="비밀번호">
        <PasswordForm />
      </Card>
      <div className="text-right">
        <DeleteAccount userIdx={user.userIdx} onDeleted={session.clear} />
      </div>
    </div>
  );
}
