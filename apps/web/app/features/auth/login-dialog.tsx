import { useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { type SessionUser, useSession } from '../../lib/session';
import { IdLoginPage } from './id-account/id-login-page';
import { IdSignUpPage } from './id-account/id-sign-up-page';
import { LoginPage } from './login/login-page';
import { PasswordResetPage } from './password-reset/password-reset-page';
import { ResetDoneNotice } from './password-reset/reset-done-notice';
import { SignUpExpertPage } from './sign-up/sign-up-expert-page';
import { SignUpNormalPage } from './sign-up/sign-up-normal-page';
import { type MemberType, UserTypePage } from './sign-up/user-type-page';

type Page = 'LOGIN' | 'ID_LOGIN' | 'ID_SIGNUP' | 'PASSWORD_RESET' | 'USER_TYPE' | 'SIGNUP_NORMAL' | 'SIGNUP_BROKER' | 'SIGNUP_CTA';

const TITLES: Record<Page, string> = {
  LOGIN: '간편 로그인',
  ID_LOGIN: '아이디로 로그인',
  ID_SIGNUP: '아이디로 회원가입',
  PASSWORD_RESET: '비밀번호 재설정',
  USER_TYPE: '회원 유형 선택',
  SIGNUP_NORMAL: '일반 회원가입',
  SIGNUP_BROKER: '증권사 PB 회원가입',
  SIGNUP_CTA: '세무사 회원가입',
};

const SIGN_UP_PAGE: Record<MemberType, Page> = { NORMAL: 'SIGNUP_NORMAL', PB: 'SIGNUP_BROKER', CTA: 'SIGNUP_CTA' };

/**
 * The login modal (spec §2): a 375×812 panel, a full-screen sheet on phones, switching between
 * its five pages, plus ID_LOGIN, ID_SIGNUP and PASSWORD_RESET for accounts with an id and a password. Opened only through `session.openLoginDialog()`.
 */
export function LoginDialog() {
  const session = useSession();
  const [page, setPageValue] = useState<Page>('LOGIN');
  // The email typed on ID_LOGIN, kept while the visitor resets the password; and whether a reset just succeeded.
  const [email, setEmail] = useState('');
  const [resetDone, setResetDone] = useState(false);
  const setPage = (next: Page) => {
    setResetDone(false);
    setPageValue(next);
  };
  // The verified number travels from LOGIN to the sign-up page that registers it.
  const [phone, setPhone] = useState('');

  // Every close icon (and Escape) hides the modal; the next opening starts at LOGIN again.
  const close = () => {
    setPage('LOGIN');
    setEmail('');
    session.closeLoginDialog();
  };
  const signedIn = (user: SessionUser) => {
    setPage('LOGIN');
    setEmail('');
    session.signIn(user);
  };

  return (
    <Modal
      open={session.loginDialogOpen}
      onClose={close}
      title={TITLES[page]}
      width={375}
      height={812}
      contentKey={page}
      // Signed in, the header's 로그인 that opened the dialog has become the member's own link.
      returnFocus={() => document.querySelector<HTMLElement>('header a[href="/myPage"]')}
    >
      {page === 'LOGIN' && (
        <LoginPage
          onSignedIn={signedIn}
          onNewMember={(verified) => {
            setPhone(verified);
            setPage('USER_TYPE');
          }}
          onIdLogin={() => setPage('ID_LOGIN')}
        />
      )}
      {page === 'ID_LOGIN' && (
        <>
          {resetDone && <ResetDoneNotice />}
          <IdLoginPage
            email={email}
            onSignedIn={signedIn}
            onPhoneLogin={() => setPage('LOGIN')}
            onIdSignUp={() => setPage('ID_SIGNUP')}
            onPasswordReset={(typed) => {
              setEmail(typed);
              setPage('PASSWORD_RESET');
            }}
          />
        </>
      )}
      {page === 'PASSWORD_RESET' && (
        <PasswordResetPage
          onIdLogin={() => setPage('ID_LOGIN')}
          onDone={() => {
            setPageValue('ID_LOGIN');
            setResetDone(true);
          }}
        />
      )}
      {page === 'ID_SIGNUP' && <IdSignUpPage onSignedUp={signedIn} onIdLogin={() => setPage('ID_LOGIN')} />}
      {page === 'USER_TYPE' && <UserTypePage onNext={(type) => setPage(SIGN_UP_PAGE[type])} />}
      {page === 'SIGNUP_NORMAL' && <SignUpNormalPage phone={phone} onSignedUp={signedIn} />}
      {page === 'SIGNUP_BROKER' && <SignUpExpertPage type="PB" phone={phone} onSignedUp={signedIn} />}
      {page === 'SIGNUP_CTA' && <SignUpExpertPage type="CTA" phone={phone} onSignedUp={signedIn} />}
    </Modal>
  );
}
