// The text/plain part sent beside an HTML body when the sender gave none (issue 24): without one, mail clients and
// spam filters derive their own (HTML-only mail scores as spam). Made once at accept from the HTML as written, so
// it never holds the open pixel or tracked links; it is stored with the email and shown in the log.
//
// Read with htmlparser2's tokenizer, as findLinks reads links: linear in the body whatever its markup. It replaced
// html-to-text (issue 25, round 18), whose parser looked for each close tag's element down the whole stack of open
// ones: 850 KB of unclosed tags and stray close tags held the mail service's event loop for 26 s. Here
// the stack is searched MAX_CLOSE_SEARCH deep, links never nest, lists indent at most 8 deep, and the text reads
// only the markup within the body's own size limit (past it, the email is refused anyway).
import { type HtmlReader, MAIL_LIMITS, readHtml } from '@mailwright/contracts';
import { TextElements } from './text-elements';

const WIDTH = 78;
const LIMIT = MAIL_LIMITS.bodyMaxChars;

/** The tag and the two attributes the text reads: a link's address and an ordered list's first number. */
interface OpenTag {
  name: string;
  href: string | undefined;
  start: string | undefined;
}

/**
 * A reader of the text version of `html` for `readHtml` (it may share the pass with other readers of the body);
 * `result` once the pass is over. Tokens that end past the body's size limit are not read: the text is that of the
 * body's first `bodyMaxChars` characters however long `html` is.
 */
export function textReader(html: string): { reader: HtmlReader; result: () => string } {
  const elements = new TextElements(WIDTH, LIMIT);
  const slice = (start: number, end: number) => html.slice(start, end);
  let tag: OpenTag = { name: '', href: undefined, start: undefined };
  let attribute: 'href' | 'start' | null = null;
  let value: string[] = [];

  const reader: HtmlReader = {
    onopentagname(start, end) {
      tag = { name: slice(start, end).toLowerCase(), href: undefined, start: undefined };
    },
    onattribname(start, end) {
      const name = end - start <= 5 ? slice(start, end).toLowerCase() : '';
      const wanted = (name === 'href' && tag.name === 'a') || (name === 'start' && tag.name === 'ol');
      // A browser reads the first of two same-named attributes; later ones are ignored.
      attribute = wanted && tag[name as 'href' | 'start'] === undefined ? (name as 'href' | 'start') : null;
      value = [];
    },
    onattribdata(start, end) {
      if (attribute) value.push(slice(start, end));
    },
    onattribentity(codepoint) {
      if (attribute) value.push(String.fromCodePoint(codepoint));
    },
    onattribend() {
      if (attribute) tag[attribute] = value.join('');
      attribute = null;
    },
    // The index of a tag's `>`.
    onopentagend(endIndex) {
      if (endIndex < LIMIT) elements.open(tag.name, tag.href, tag.start);
    },
    // `<div/>` opens a div in HTML: the slash means something only on void elements, which close anyway.
    onselfclosingtag(endIndex) {
      if (endIndex < LIMIT) elements.open(tag.name, tag.href, tag.start);
    },
    onclosetag(start, end) {
      if (end < LIMIT) elements.close(slice(start, end).toLowerCase());
    },
    ontext(start, end) {
      if (start < LIMIT) elements.text(slice(start, Math.min(end, LIMIT)));
    },
    // The index just past the entity.
    ontextentity(codepoint, endIndex) {
      if (endIndex <= LIMIT) elements.text(String.fromCodePoint(codepoint));
    },
  };
  return { reader, result: () => elements.finish() };
}

/** The text version of `html`, read on its own. */
export function textVersionOf(html: string): string {
  const text = textReader(html);
  readHtml(html, [text.reader]);
  return text.result();
}
