// "multipart/report; report-type=delivery-status; boundary=\"x\"" → its type and parameters, read character by
// character (quoted values may hold ';').

export interface ContentType {
  /** Lower-cased, e.g. 'multipart/report'; 'text/plain' when missing (RFC 2045 default). */
  type: string;
  /** Parameter names lower-cased; values as given, unquoted. */
  params: Record<string, string>;
}

export function parseContentType(value: string): ContentType {
  const pieces: string[] = [];
  let piece = '';
  let quoted = false;
  for (let index = 0; index < value.length && index < 4_000; index++) {
    const char = value[index];
    if (char === '"') quoted = !quoted;
    else if (char === '\\' && quoted) {
      index++;
      piece += value[index] ?? '';
      continue;
    }
    if (char === ';' && !quoted) {
      pieces.push(piece);
      piece = '';
    } else if (char !== '"') {
      piece += char;
    }
  }
  pieces.push(piece);
  const type = (pieces[0] ?? '').trim().toLowerCase() || 'text/plain';
  const params: Record<string, string> = {};
  for (const param of pieces.slice(1)) {
    const equals = param.indexOf('=');
    if (equals <= 0) continue;
    params[param.slice(0, equals).trim().toLowerCase()] = param.slice(equals + 1).trim();
  }
  return { type, params };
}
