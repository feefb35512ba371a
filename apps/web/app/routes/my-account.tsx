import { Card } from '../components/ui/card';
import { DeleteAccount } from '../features/account/delete-account';
import { ExpertReview, ExpertStatusChip } from '../features/account/expert-review';
import { IdentityVerification } from '../features/account/identity-verification';
import { PasswordForm } from '../features/account/password-form';
import { ProfileForm } from '../features/account/profile-form';
import { rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { useSession } from '../lib/session';
import type { Route } from './+types/my-account';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({ title: '마이페이지', path: '/myPage', origin: rootOrigin(matches) }),
  { name: 'robots', content: 'noindex' },
];

/** 마이페이지 › 회원정보 (/myPage): identity verification, an expert's review, profile, password, leaving. The layout shows it to members only. */
export default function MyAccount() {
  const session = useSession();
  const user = session.user;
  if (!user) return null;
  return (
    <div className="space-y-6">
      <Card title="본인인증">
        <IdentityVerification user={user} onVerified={session.signIn} />
      </Card>
      {user.expertType !== 'NORMAL' && (
        <Card title="전문가 심사" action={<ExpertStatusChip status={user.expertStatus ?? 'PENDING'} />}>
          <ExpertReview user={user} onChanged={session.signIn} />
        </Card>
      )}
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
