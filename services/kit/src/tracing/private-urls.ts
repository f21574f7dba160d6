// What spans may say about a URL. Query strings can hold addresses (log search), OAuth codes and tokens, so spans
// carry paths only; requests whose path itself is a secret (tracking, unsubscribe, e-mailed links, OAuth callbacks)
// are not traced at all.

/** Path prefixes whose later segments are secrets, at the gateway and (after its prefix rewrite) at the services. */
const secretPathPrefixes = [
  '/t/',
  '/u/',
  '/api/auth/verify-email/',
  '/api/auth/reset-password/',
  '/auth/verify-email/',
  '/auth/reset-password/',
];

/** The path of a URL or request target, without its query string. */
export function pathOnly(target: string | undefined): string {
  const value = target ?? '/';
  const queryAt = value.indexOf('?');
  return queryAt === -1 ? value : value.slice(0, queryAt);
}

/** Whether a request on this path must leave no span: its path carries a secret or an OAuth callback's code. */
export function isSecretPath(target: string | undefined): boolean {
  const path = pathOnly(target);
  return secretPathPrefixes.some((prefix) => path.startsWith(prefix)) || path.endsWith('/callback');
}

/** A full URL without its query string. */
export function urlWithoutQuery(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}
