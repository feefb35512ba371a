import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { setUnauthorizedHandler } from './api-client';
import { useNotify } from './notify';

export interface SessionUser {
  userNickname: string;
  userName: string;
  userEmail: string;
  profileImageUrl: string;
  userLevel: number;
}

interface Session {
  user: SessionUser | null;
  isLoggedIn: boolean;
  /** The one function every "needs login" control calls (login button, favourite star, register). */
  openLoginDialog(): void;
  closeLoginDialog(): void;
  loginDialogOpen: boolean;
  clear(): void;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('SessionProvider missing');
  return session;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [loginDialogOpen, setLoginDialogOpen] = useState(false);
  const navigate = useNavigate();
  const { notify } = useNotify();

  const clear = useCallback(() => setUser(null), []);

  // Spec §8: a 401 from any call clears the session, warns, and goes home.
  useEffect(() => {
    setUnauthorizedHandler((message) => {
      setUser(null);
      notify('warning', '로그인 세션', message);
      navigate('/');
    });
  }, [navigate, notify]);

  const value = useMemo<Session>(
    () => ({
      user,
      isLoggedIn: user !== null,
      openLoginDialog: () => setLoginDialogOpen(true),
      closeLoginDialog: () => setLoginDialogOpen(false),
      loginDialogOpen,
      clear,
    }),
    [user, loginDialogOpen, clear],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
