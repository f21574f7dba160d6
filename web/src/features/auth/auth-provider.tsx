// Holds the session: reads the stored token at start, loads the current user, and offers login/logout.
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, authApi, type LoginBody, type LoginResponse, type SignupBody, type User } from '../../api';
import { AuthContext, type AuthContextValue, type SessionStatus } from './auth-context';
import { readToken, removeToken, storeToken } from './token-storage';

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUserState] = useState<User | null>(null);
  // With no stored token there is nothing to load: the session starts anonymous at once.
  const [status, setStatus] = useState<SessionStatus>(() => (readToken() ? 'loading' : 'anonymous'));
  // Bumped on login/logout so a slow, stale /auth/me answer cannot overwrite a newer session.
  const generation = useRef(0);
  const currentUser = useRef<User | null>(null);
  currentUser.current = user;

  const signOutLocally = useCallback(() => {
    generation.current += 1;
    removeToken();
    setUserState(null);
    setStatus('anonymous');
  }, []);

  const loadUser = useCallback(async (): Promise<User | null> => {
    if (!readToken()) {
      signOutLocally();
      return null;
    }
    const started = generation.current;
    try {
      const current = await authApi.me();
      if (started === generation.current) {
        setUserState(current);
        setStatus('authenticated');
      }
      return current;
    } catch (error) {
      console.error('Failed to load the current user', error);
      if (started === generation.current) {
        // No answer at all (offline, or the request aborted because the page is being left) says nothing
        // about the token: keep it, and keep an already loaded user. A refused token signs out (spec section 4).
        const isNetworkFailure = error instanceof ApiError && error.status === 0;
        if (!isNetworkFailure) signOutLocally();
        else if (!currentUser.current) setStatus('anonymous');
      }
      throw error;
    }
  }, [signOutLocally]);

  useEffect(() => {
    if (!readToken()) return;
    loadUser().catch(() => undefined);
  }, [loadUser]);

  const adoptSession = useCallback((session: LoginResponse) => {
    generation.current += 1;
    storeToken(session.token);
    setUserState(session.user);
    setStatus('authenticated');
  }, []);

  const login = useCallback(
    async (credentials: LoginBody) => {
      const result = await authApi.login(credentials);
      adoptSession(result);
      return result.user;
    },
    [adoptSession],
  );

  const renewToken = useCallback((token: string) => {
    storeToken(token);
  }, []);

  const signup = useCallback(async (body: SignupBody) => {
    await authApi.signup(body);
  }, []);

  const setUser = useCallback((next: User) => {
    setUserState(next);
    setStatus('authenticated');
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      login,
      signup,
      logout: signOutLocally,
      adoptSession,
      renewToken,
      refreshUser: loadUser,
      setUser,
    }),
    [status, user, login, signup, signOutLocally, adoptSession, renewToken, loadUser, setUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
