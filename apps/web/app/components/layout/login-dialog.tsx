import { useSession } from '../../lib/session';
import { Modal } from '../ui/modal';

/**
 * The login dialog shell (375 wide). Every control that needs a member opens it through
 * `session.openLoginDialog()`; the phone/SMS, social and password forms arrive with the accounts work.
 */
export function LoginDialog() {
  const session = useSession();
  return (
    <Modal open={session.loginDialogOpen} onClose={session.closeLoginDialog} title="간편 로그인" width={375}>
      <p className="text-2xl font-bold leading-snug">
        8초면 충분해요
        <br />
        <span className="text-brand">휴대폰 번호</span>로 시작하기
      </p>
      <p className="mt-4 rounded-control bg-page p-4 text-sm leading-relaxed text-ink-2">
        로그인과 회원가입은 곧 열립니다. 지금은 로그인 없이 시세, 종목 정보, 뉴스를 모두 볼 수 있어요.
      </p>
    </Modal>
  );
}
