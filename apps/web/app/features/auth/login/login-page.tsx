import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import type { SessionUser } from '../../../lib/session';
import { PhoneCodeFields } from '../shared/phone-code-fields';
import { SocialButtons } from './social-buttons';
import { usePhoneLogin } from './use-phone-login';

/** LOGIN page of the modal (spec §2): phone, SMS code with its 3-minute clock, one error line. */
export function LoginPage(props: { onSignedIn(user: SessionUser): void; onNewMember(phone: string): void; onIdLogin(): void }) {
  const login = usePhoneLogin(props);
  return (
    <Form onSubmit={login.submit}>
      <p className="text-2xl leading-snug font-bold">
        8초면 충분해요
        <br />
        <span className="text-brand">휴대폰 번호</span>로 시작하기
      </p>
      <PhoneCodeFields verification={login} />
      <Button type="submit" full className="mt-4" disabled={!login.canSubmit}>
        로그인 (회원가입)
      </Button>
      <p className="mt-4 rounded-control bg-page p-4 text-sm leading-relaxed text-ink-2">
        처음 오신 분은 휴대폰 인증 후 회원가입으로 이어집니다.
      </p>
      <SocialButtons />
      <p className="mt-6 text-center">
        <button type="button" className="text-sm text-ink-3 underline underline-offset-2" onClick={props.onIdLogin}>
          아이디로 로그인
        </button>
      </p>
    </Form>
  );
}
