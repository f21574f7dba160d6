// Line-by-line reading of text that came from someone else's server: every scan in this module works on single
// lines cut to MAX_LINE characters, so no pattern ever runs over unbounded input.

/** The longest line a scan looks at; longer lines are cut (a real header or SMTP answer is far shorter). */
export const MAX_LINE = 2_000;

/** The lines of `text` (LF or CRLF), each cut to MAX_LINE characters, at most `maxLines` of them. */
export function textLines(text: string, maxLines = 20_000): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start <= text.length && lines.length < maxLines) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const stop = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    lines.push(text.slice(start, Math.min(stop, start + MAX_LINE)));
    start = end + 1;
  }
  return lines;
}

/** Runs of whitespace become one space; the ends are trimmed. */
export function collapseWhitespace(text: string): string {
  let out = '';
  let pendingSpace = false;
  for (const char of text) {
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\f' || char === '\v' || char === '\u00a0') {
      pendingSpace = out.length > 0;
      continue;
    }
    if (pendingSpace) out += ' ';
    pendingSpace = false;
    out += char;
  }
  return out;
}
