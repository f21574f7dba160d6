// The session token lives in local storage under the key 'token' (spec section 9).
export const TOKEN_KEY = 'token';

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

export function removeToken(): void {
  window.localStorage.removeItem(TOKEN_KEY);
}
