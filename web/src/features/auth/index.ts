export type { AuthContextValue, SessionStatus } from './auth-context';
export { AuthProvider } from './auth-provider';
export { readToken, removeToken, storeToken, TOKEN_KEY } from './token-storage';
export { useAuth } from './use-auth';
