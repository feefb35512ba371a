import { messages, type UserDetail, UserLevel } from '@beesang/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { ApiError, apiFetch, endsSession, refreshSession, setUnauthorizedHandler } from './api-client';
import { useNotify } from './notify';

/** The signed-in member as GET /api/user/myPage/detail describes them. */
export type SessionUser = UserDetail;

export const MY_DETAIL_PATH = '/api/user/myPage/detail';
export const LOGOUT_PATH = '/api/auth/logout';

interface Session {
  user: SessionUser | null;
  /** Logged in means a member was loaded; the tokens themselves are HttpOnly cookies we never see. */
  isLoggedIn: boolean;
  /** The page came without a member but with a session to resume (access token lapsed): not yet known. */
  resuming: boolean;
  /** The one function every "needs login" control calls (login button, favourite star, register). */
  openLoginDialog(): void;
  closeLoginDialog(): void;
  loginDialogOpen: boolean;
  /**
   * Gate for actions that need an identity-verified member (issue #4 rule): a visitor gets the login
   * dialog, a COMMON member the 'identity verification needed' dialog, a REGULAR member `then`.
   */
  requireVerified(then: () => void): void;
  identityDialogOpen: boolean;
  /** The server refused for want of identity verification (a level changed elsewhere): say so the same way. */
  openIdentityDialog(): void;
  closeIdentityDialog(): void;
  /** Stores the member after a sign-in or sign-up and closes the login dialog (spec §4 Session). */
  signIn(user: SessionUser): void;
  /** Ends the session on the server, then here; shows the spec's notice and goes home. */
  logout(): Promise<void>;
  clear(): void;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('SessionProvider missing');
  return session;
}

/** Reads the member the cookies belong to; sign-in and sign-up both end with this call. */
export function fetchMyDetail(): Promise<SessionUser> {
  return apiFetch<SessionUser>(MY_DETAIL_PATH, { ignoreUnauthorized: true });
}

export function SessionProvider({
  children,
  initialUser = null,
  resumable = false,
}: {
  children: ReactNode;
  initialUser?: SessionUser | null;
  /** The server saw a refresh token's hint but no valid access token: resume before showing a visitor. */
  resumable?: boolean;
}) {
  const [user, setUser] = useState<SessionUser | null>(initialUser);
  const [resuming, setResuming] = useState(resumable && initialUser === null);
  const { revalidate } = useRevalidator();
  const [loginDialogOpen, setLoginDialogOpen] = useState(false);
  const [identityDialogOpen, setIdentityDialogOpen] = useState(false);
  const navigate = useNavigate();
  const { notify } = useNotify();

  const clear = useCallback(() => setUser(null), []);

  // Access tokens last 15 minutes; a page opened later arrives without a member. Refresh once,
  // load the member, and run the page's loaders again with the new token: the member never sees
  // the visitor's page. If the session really ended, the visitor's page simply stays, unannounced.
  useEffect(() => {
    if (!resuming) return;
    let live = true;
    void (async () => {
      const resumed = (await refreshSession()) && (await fetchMyDetail().catch(() => null));
      if (!live) return;
      if (resumed) {
        setUser(resumed);
        await revalidate();
      }
      setResuming(false);
    })();
    return () => {
      live = false;
    };
  }, [resuming, revalidate]);

  // Spec §8: a 401 from any call clears the session, warns, and goes home.
  useEffect(() => {
    setUnauthorizedHandler((message) => {
      setUser(null);
      notify('warning', '로그인 세션', message);
      navigate('/');
    });
  }, [navigate, notify]);

  const signIn = useCallback((next: SessionUser) => {
    setUser(next);
    setLoginDialogOpen(false);
  }, []);

  const logout = useCallback(async () => {
    try {
      await apiFetch<void>(LOGOUT_PATH, { method: 'POST', body: '{}', ignoreUnauthorized: true });
    } catch (error) {
      // A 401 means the cookies were already gone: the visitor is logged out either way.
      if (!endsSession(error)) {
        notify('error', '로그아웃', error instanceof ApiError ? error.message : messages.genericError);
        return;
      }
    }
    setUser(null);
    notify('success', '로그아웃', '정상적으로 로그아웃되었습니다.');
    navigate('/');
  }, [navigate, notify]);

  const value = useMemo<Session>(
    () => ({
      user,
      isLoggedIn: user !== null,
      resuming,
      openLoginDialog: () => setLoginDialogOpen(true),
      closeLoginDialog: () => setLoginDialogOpen(false),
      loginDialogOpen,
      requireVerified: (then) => {
        if (!user) setLoginDialogOpen(true);
        else if (user.userLevel < UserLevel.REGULAR) setIdentityDialogOpen(true);
        else then();
      },
      identityDialogOpen,
      openIdentityDialog: () => setIdentityDialogOpen(true),
      closeIdentityDialog: () => setIdentityDialogOpen(false),
      signIn,
      logout,
      clear,
    }),
    [user, resuming, loginDialogOpen, identityDialogOpen, signIn, logout, clear],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
