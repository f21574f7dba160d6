// The session as the rest of the app sees it (spec section 4: loading, authenticated, anonymous).
import { createContext } from 'react';
import type { LoginBody, LoginResponse, SignupBody, User } from '../../api';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthContextValue {
  status: SessionStatus;
  user: User | null;
  /** Stores the token and user on success; throws ApiError on failure. */
  login: (credentials: LoginBody) => Promise<User>;
  /** Creates the account without signing in. */
  signup: (body: SignupBody) => Promise<void>;
  logout: () => void;
  /** Adopts a session obtained elsewhere (the social sign-in code exchange): stores its token and user. */
  adoptSession: (session: LoginResponse) => void;
  /** Keeps the same user on a fresh token (answered by change-password, which ended the old one). */
  renewToken: (token: string) => void;
  /** Reloads the current user from GET /auth/me. */
  refreshUser: () => Promise<User | null>;
  /** Replaces the cached user after a change made elsewhere (profile, plan change). */
  setUser: (user: User) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
