// The one definition of "is this body HTML", shared by the templates service (escaping values), the mail
// service (HTML part, tracking) and the web app (preview). A hand-written scanner rather than htmlparser2's
// tokenizer because the web bundle needs it too and the tokenizer with its entity tables adds ~52 KB
// (25 KB gzipped) to it for a yes/no answer. Every loop moves forward over the text: linear in its length.
//
// A body is HTML when it has a doctype, a closed comment, or an opening or closing tag of a common HTML
// element ended by `>` before any other `<`. Plain text such as `a < b > c`, `x<y and y>z`, `<3` or
// `<support@example.com>` stays plain.
import { isHtmlWhitespace } from './whitespace';

const HTML_ELEMENTS = new Set(
  (
    'html head body div span p br hr a img table thead tbody tfoot tr td th ul ol li h1 h2 h3 h4 h5 h6 strong em b i u ' +
    's small blockquote pre code center font section article header footer main nav style meta title link button label ' +
    'sup sub figure figcaption caption col colgroup map area dl dt dd abbr address aside q cite mark del ins wbr ' +
    'picture source svg tt big strike time'
  ).split(' '),
);

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;

const isAsciiAlpha = (c: number) => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
const isAsciiAlphanumeric = (c: number) => isAsciiAlpha(c) || (c >= 0x30 && c <= 0x39);

function startsWithIgnoringCase(text: string, word: string, at: number): boolean {
  return text.slice(at, at + word.length).toLowerCase() === word;
}

/** `<!doctype html` at `at` (the `<`), any whitespace between the two words. */
function isDoctype(text: string, at: number): boolean {
  if (!startsWithIgnoringCase(text, 'doctype', at + 2)) return false;
  let i = at + 9;
  if (!isHtmlWhitespace(text.charCodeAt(i))) return false;
  while (isHtmlWhitespace(text.charCodeAt(i))) i++;
  return startsWithIgnoringCase(text, 'html', i);
}

/**
 * Reads the tag that may start at `at` (a `<` not followed by `!`). Returns true when it is a known element's
 * tag, else the index the scan resumes from: past the name, or at a `<` found inside a would-be tag (never
 * behind `at`, so no character is read twice by the attribute search).
 */
function readTag(text: string, at: number): true | number {
  const nameStart = text.charCodeAt(at + 1) === SLASH ? at + 2 : at + 1;
  if (!isAsciiAlpha(text.charCodeAt(nameStart))) return at + 1;
  let i = nameStart + 1;
  while (isAsciiAlphanumeric(text.charCodeAt(i))) i++;
  // Names are short; a long run of letters is not an element and is not lowered.
  if (i - nameStart > 10 || !HTML_ELEMENTS.has(text.slice(nameStart, i).toLowerCase())) return i;
  const after = text.charCodeAt(i);
  if (after === GT) return true;
  if (after === SLASH) return text.charCodeAt(i + 1) === GT ? true : i;
  if (!isHtmlWhitespace(after)) return i;
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === GT) return true;
    if (c === LT) return j;
  }
  return text.length;
}

/** Whether `text` is an HTML body (see the module comment for the rule). Linear in the length of `text`. */
export function isHtml(text: string): boolean {
  // Set at the first `<!--` without a `-->` after it: then no later `<!--` can have one either.
  let commentsAreUnclosed = false;
  let at = text.indexOf('<');
  while (at !== -1) {
    let resumeAt = at + 1;
    if (text.charCodeAt(at + 1) === BANG) {
      if (text.startsWith('<!--', at)) {
        if (!commentsAreUnclosed && text.indexOf('-->', at + 4) !== -1) return true;
        commentsAreUnclosed = true;
      } else if (isDoctype(text, at)) {
        return true;
      }
    } else {
      const tag = readTag(text, at);
      if (tag === true) return true;
      resumeAt = tag;
    }
    at = text.indexOf('<', resumeAt);
  }
  return false;
}
