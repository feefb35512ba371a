import { useRef } from 'react';
import { Card } from '../components/ui/card';
import { DeleteAccount } from '../features/account/delete-account';
import { ExpertReview, ExpertStatusChip } from '../features/account/expert-review';
import { IdentityVerification } from '../features/account/identity-verification';
import { PasswordForm } from '../features/account/password-form';
import { ProfileForm } from '../features/account/profile-form';
import { NotificationSettingsSection } from '../features/notifications/settings/notification-settings';
import { rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { memberRead } from '../lib/server-context';
import { SAME_FOR_MEMBERS, useSession } from '../lib/session';
import type { Route } from './+types/my-account';

// A member gets the visitors' page (issue 24, decision 0030): it reads their settings itself once they are known.
export const handle = SAME_FOR_MEMBERS;

/** The member's notification settings in the first HTML; null for visitors or when the server cannot use the token (the section reads then). */
export async function loader({ context, request }: Route.LoaderArgs) {
  return { settings: await memberRead(context, request, (reads) => reads.notificationSettings(), 'notification settings') };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({ title: '마이페이지', path: '/myPage', origin: rootOrigin(matches) }),
  { name: 'robots', content: 'noindex' },
];

/**
 * 마이페이지 › 회원정보 (/myPage): identity verification, an expert's review, profile, password,
 * notification settings (issue 23), leaving. The layout shows it to members only.
 */
export default function MyAccount({ loaderData }: Route.ComponentProps) {
  const session = useSession();
  // The loader read the settings for whoever was signed in then; another member reads their own.
  const loadedFor = useRef(session.user?.userIdx ?? null);
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
      <div id="notification-settings" className="scroll-mt-20">
        <Card title="알림 설정">
          <NotificationSettingsSection
            key={user.userIdx}
            initial={user.userIdx === loadedFor.current ? (loaderData?.settings ?? null) : null}
          />
        </Card>
      </div>
      <div className="text-right">
        <DeleteAccount userIdx={user.userIdx} onDeleted={session.clear} />
      </div>
    </div>
  );
}
