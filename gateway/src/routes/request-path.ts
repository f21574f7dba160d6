// The one reading of a request's path that the gateway routes, authorises, throttles and forwards: percent-decoded
// once and re-encoded canonically, so `/api/auth/%6cogin` is `/api/auth/login` for every check and for the
// service behind it. A path that would read differently once decoded (an encoded `/` or `\`, a `.` or `..`
// segment, NUL) is refused rather than guessed at: each hop would otherwise decide for itself what it means.
export type NormalisedUrl = { url: string; problem?: undefined } | { url?: undefined; problem: string };

const encodedSeparator = /%(2f|5c)/i;
// Characters a path segment may carry unencoded (RFC 3986 pchar) that encodeURIComponent still escapes.
const pcharEscapes = /%(3A|40|24|26|2B|2C|3B|3D)/g;
const encodeSegment = (segment: string) => encodeURIComponent(segment).replace(pcharEscapes, decodeURIComponent);

/** True when the path may need decoding or refusing; the common path (plain ASCII, no dots at a segment start) skips all work. */
const needsCare = (path: string) => path.includes('%') || path.includes('\\') || path.includes('/.') || path.includes('\0');

export function normaliseUrl(rawUrl: string): NormalisedUrl {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (!needsCare(path)) return { url: rawUrl };
  if (encodedSeparator.test(path)) return { problem: 'Request path must not contain an encoded "/" or "\\" (%2F, %5C)' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { problem: 'Request path is not valid percent-encoded UTF-8' };
  }
  if (decoded.includes('\0')) return { problem: 'Request path must not contain NUL characters' };
  if (decoded.includes('\\')) return { problem: 'Request path must not contain "\\"' };
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    return { problem: 'Request path must not contain "." or ".." segments' };
  }
  const query = queryAt === -1 ? '' : rawUrl.slice(queryAt);
  return { url: segments.map(encodeSegment).join('/') + query };
}

/** The path part of a (normalised) request URL. */
export const pathOf = (url: string) => {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
};
