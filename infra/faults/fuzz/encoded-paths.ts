// Spellings of a route's path that decode to something else than they read, or to the same route through
// an encoding: an escaped letter (%6c for l, upper and lower hex), an escaped slash (%2f), escaped dot
// segments (%2e%2e) climbing into another prefix, double encoding and a trailing NUL. Whatever the gateway
// makes of them (serve the route, refuse, 404), it must never answer 5xx or show a stack trace.

export interface EncodedPath {
  label: string;
  path: string;
}

const hex = (char: string, upper: boolean) => {
  const code = char.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? code.toUpperCase() : code}`;
};

/**
 * Replaces the first letter of the last static segment (`/api/auth/login` → `/api/auth/%6cogin`), or of
 * the segment at `only` (the prefix: `/api/%74emplates/…`).
 */
function escapeLetter(path: string, upper: boolean, only?: number): string | undefined {
  const segments = path.split('/');
  for (let index = segments.length - 1; index > 0; index--) {
    if (only !== undefined && index !== only) continue;
    const segment = segments[index] ?? '';
    const at = segment.search(/[a-z]/i);
    if (at >= 0 && !/^[0-9a-f-]{36}$/i.test(segment)) {
      segments[index] = `${segment.slice(0, at)}${hex(segment.charAt(at), upper)}${segment.slice(at + 1)}`;
      return segments.join('/');
    }
  }
  return undefined;
}

export function encodedPaths(path: string): EncodedPath[] {
  const segments = path.split('/').filter(Boolean);
  const [first = 'api', second = ''] = segments;
  const rest = segments.slice(2).join('/');
  const variants: Array<[string, string | undefined]> = [
    ['escaped letter (lower hex)', escapeLetter(path, false)],
    ['escaped letter (upper hex)', escapeLetter(path, true)],
    ['escaped letter in the prefix', escapeLetter(path, false, first === 'api' ? 2 : 1)],
    ['escaped slash %2f', segments.length > 1 ? `/${segments.slice(0, -1).join('/')}%2f${segments.at(-1)}` : undefined],
    ['escaped slash %2F', segments.length > 1 ? `/${segments.slice(0, -1).join('/')}%2F${segments.at(-1)}` : undefined],
    ['escaped dot segments into another prefix', `/${first}/${second}/%2e%2e/api-keys`],
    ['escaped dot segments back into the route', `/${first}/x/%2e%2e/${segments.slice(1).join('/')}`],
    ['dot segments with escaped slashes', `/${first}/${second}/..%2f..%2f${rest || second}`],
    ['double encoding', escapeLetter(path, false)?.replace('%', '%25')],
    ['trailing NUL', `${path}%00`],
    ['escaped NUL inside', `/${first}/${second}%00/${rest}`],
  ];
  const seen = new Set([path]);
  return variants.flatMap(([label, variant]) => {
    if (!variant || seen.has(variant)) return [];
    seen.add(variant);
    return [{ label, path: variant }];
  });
}
