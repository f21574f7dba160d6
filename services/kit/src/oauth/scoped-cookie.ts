// The cookies of an OAuth flow (browser binding, connect ticket): HttpOnly, scoped to the one path that reads
// them, Secure whenever the public address is https.

export interface ScopedCookie {
  name: string;
  /** The public path (behind the gateway's /api) the browser sends it to. */
  path: string;
  /** Lax for a provider's redirect back to us; Strict when only our own pages may carry it. */
  sameSite: 'Lax' | 'Strict';
}

export function setScopedCookie(cookie: ScopedCookie, value: string, publicUrl: string, maxAgeSeconds: number): string {
  const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${cookie.name}=${value}; Path=${cookie.path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=${cookie.sameSite}${secure}`;
}

export function clearScopedCookie(cookie: ScopedCookie): string {
  return `${cookie.name}=; Path=${cookie.path}; Max-Age=0; HttpOnly; SameSite=${cookie.sameSite}`;
}

/** One cookie's value from a Cookie header (split on ';' and the first '=': linear, no regex). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}
