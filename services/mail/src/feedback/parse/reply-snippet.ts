// The snippet kept of a reply: its first 200 characters without what it quotes. Quoting ends the scan at the
// first attribution line ("On … wrote:", Outlook's "-----Original Message-----" or a "From: / Sent:" block,
// a rule of dashes or underscores); lines starting with '>' are dropped.
import { collapseWhitespace, textLines } from './text-lines';

export const SNIPPET_LENGTH = 200;
const ATTRIBUTION_ENDS = ['wrote:', 'schrieb:', 'a écrit :', 'a écrit:', 'escribió:', 'ha scritto:', 'escreveu:', 'schreef:'];
/** "Am …, schrieb Ana <ana@x>:" — the attribution verb comes before the name in some languages. */
const ATTRIBUTION_STARTS = ['on ', 'am ', 'le ', 'el ', 'il ', 'em ', 'op '];
const ATTRIBUTION_VERBS = [' wrote ', ' schrieb ', ' a écrit ', ' escribió ', ' ha scritto ', ' escreveu ', ' schreef '];

export function replySnippet(text: string): string {
  const lines = textLines(text, 2_000);
  const kept: string[] = [];
  let length = 0;
  for (let index = 0; index < lines.length && length < SNIPPET_LENGTH * 4; index++) {
    const line = (lines[index] ?? '').trim();
    if (line.startsWith('>')) continue;
    if (startsQuote(line, nextNonEmpty(lines, index))) break;
    kept.push(line);
    length += line.length + 1;
  }
  return [...collapseWhitespace(kept.join(' '))].slice(0, SNIPPET_LENGTH).join('').trimEnd();
}

function nextNonEmpty(lines: string[], index: number): string {
  for (const line of lines.slice(index + 1, index + 4)) if (line.trim() !== '') return line.trim();
  return '';
}

function startsQuote(line: string, next: string): boolean {
  const lower = line.toLowerCase();
  if (ATTRIBUTION_ENDS.some((end) => lower.endsWith(end))) return true;
  const startsLikeAttribution = ATTRIBUTION_STARTS.some((start) => lower.startsWith(start));
  if (startsLikeAttribution && lower.endsWith(':') && ATTRIBUTION_VERBS.some((verb) => lower.includes(verb))) return true;
  const nextLower = next.toLowerCase();
  if (lower.startsWith('on ') && ATTRIBUTION_ENDS.some((end) => nextLower.endsWith(end))) return true;
  if (lower.startsWith('-----original message') || lower.startsWith('----- original message')) return true;
  if (line.length >= 10 && (isRuleOf(line, '-') || isRuleOf(line, '_'))) return true;
  return lower.startsWith('from:') && (nextLower.startsWith('sent:') || nextLower.startsWith('date:'));
}

function isRuleOf(line: string, char: string): boolean {
  for (const each of line) if (each !== char) return false;
  return true;
}
