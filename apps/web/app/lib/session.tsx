import { messages, type UserDetail, UserLevel } from '@beesang/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type UIMatch, useMatches, useNavigate, useRevalidator } from 'react-router';
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
  /**
   * The page came without its member but with a session: the visitors' shared page, or an access
   * token that lapsed. Not yet known; the header shows a placeholder until it is.
   */
  resuming: boolean;
  /** The one function every "needs login" control calls (login button, favourite star, register). */
  openLoginDialog(): void;
  closeLoginDialog(): void;
  loginDialogOpen: boolean;
  /**
   * Gate for actions that need an identity-verified member (issue #4 rule): a visitor gets the login
   * dialog, a COMMON member the 'identity verification needed' dialog, a REGULAR member `then`.
   * Pressed while the member is still being read, it waits for them rather than dropping the press;
   * `then` gets the member, as they turned up.
   */
  requireVerified(then: (member: SessionUser) => void): void;
  /**
   * `then` with the member; a visitor gets the login dialog (and `otherwise`). Pressed while the
   * member is still being read, it waits for them; a later press replaces it (`otherwise` runs).
   */
  whenMember(then: (member: SessionUser) => void, otherwise?: () => void): void;
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

/**
 * A route whose loaders answer a member as they answer a visitor (`handle: { sameForMembers: true }`):
 * once the member is known, its page needs no second read.
 */
export const SAME_FOR_MEMBERS = { sameForMembers: true } as const;
const sameForMembers = (match: UIMatch) => (match.handle as { sameForMembers?: boolean } | undefined)?.sameForMembers === true;

let memberArriving = false;
/**
 * Whether the router is revalidating because the member of a shared page just became known: the
 * root (its member and counts already read by the providers) sits that one out.
 */
export const revalidatingForMember = () => memberArriving;

/** The member, or null: the access token first, then (it lapsed) a refresh and again. */
async function resumeMember(): Promise<SessionUser | null> {
  try {
    return await fetchMyDetail();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) return null;
  }
  return (await refreshSession()) ? fetchMyDetail().catch(() => null) : null;
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

  // A member's page arrives without its member when it is the visitors' shared one (issue 24: the
  // member is read here, one small call) or when the access token lapsed (15 minutes; refreshed once).
  // Pages whose loaders read for the member (stars, own listings) then run them again; the others
  // are already right. If the session really ended, the visitor's page simply stays, unannounced.
  const matches = useMatches();
  // A press on a control that needs a member while the member is still being read: it goes on once
  // they are known (the login dialog only if it turns out there is none). The last press counts: one
  // it replaces is dropped, and told so (`drop`: a star's press then settles as not made).
  const waiting = useRef<{ go(member: SessionUser | null): void; drop?(): void } | null>(null);
  const allSame = useRef(false);
  allSame.current = matches.every(sameForMembers);
  useEffect(() => {
    if (!resuming) return;
    let live = true;
    void (async () => {
      const resumed = await resumeMember();
      if (!live) return;
      if (resumed) {
        setUser(resumed);
        if (!allSame.current) {
          memberArriving = true;
          try {
            await revalidate();
          } finally {
            memberArriving = false;
          }
        }
      }
      const pressed = waiting.current;
      waiting.current = null;
      setResuming(false);
      pressed?.go(resumed);
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

  const value = useMemo<Session>(() => {
    const wait = (press: NonNullable<typeof waiting.current>) => {
      waiting.current?.drop?.();
      waiting.current = press;
    };
    // `then` for the member, or the login dialog for a visitor; while the member is still being read,
    // both wait to see whether one turns up.
    const withMember = (then: (member: SessionUser) => void, otherwise?: () => void) => {
      const go = (member: SessionUser | null) => {
        if (member) return then(member);
        setLoginDialogOpen(true);
        otherwise?.();
      };
      if (resuming && !user) wait({ go, drop: otherwise });
      else go(user);
    };
    // The login dialog; pressed while the member is read, only if none turns up.
    const openLoginDialog = () => (resuming && !user ? withMember(() => {}) : setLoginDialogOpen(true));
    return {
      user,
      isLoggedIn: user !== null,
      resuming,
      openLoginDialog,
      closeLoginDialog: () => setLoginDialogOpen(false),
      loginDialogOpen,
      requireVerified: (then) =>
        withMember((member) => {
          if (member.userLevel < UserLevel.REGULAR) setIdentityDialogOpen(true);
          else then(member);
        }),
      whenMember: withMember,
      identityDialogOpen,
      openIdentityDialog: () => setIdentityDialogOpen(true),
      closeIdentityDialog: () => setIdentityDialogOpen(false),
      signIn,
      logout,
      clear,
    };
  }, [user, resuming, loginDialogOpen, identityDialogOpen, signIn, logout, clear]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
