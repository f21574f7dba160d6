// The followable links of an HTML body, read with htmlparser2's tokenizer (linear, and it knows comments,
// quoted and unquoted attributes and raw-text elements), for click tracking: the `href` of each <a> and
// <area> whose target is an absolute http(s) URL, with where its value sits in the source so a caller can
// replace exactly those characters and keep the rest of the document byte for byte. Server-side only: the
// web app never imports this, so the tokenizer stays out of its bundle.
import { QuoteType } from 'htmlparser2';
import { type HtmlReader, readHtml } from './read-html';
import { isHtmlWhitespace } from './whitespace';

export interface HtmlLink {
  /** The target as a browser follows it: entities decoded, parsed and serialised by the URL parser. */
  url: string;
  /** The attribute value's range in the source, quotes excluded. */
  start: number;
  end: number;
}

export interface HtmlLinks {
  /** In document order, at most `maxLinks`. */
  links: HtmlLink[];
  /** Where the first `</body>` tag starts, or null when there is none. */
  bodyCloseAt: number | null;
}

const LINK_ELEMENTS = new Set(['a', 'area']);

/** The http(s) URL a raw `href` value leads to, or null (relative, another scheme, or not a URL). */
export function followableUrl(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/** Where an attribute's value starts, reading from the end of its name past `=` and the opening quote. */
function valueStart(html: string, nameEnd: number, quote: QuoteType): number {
  if (quote === QuoteType.Double) return html.indexOf('"', nameEnd) + 1;
  if (quote === QuoteType.Single) return html.indexOf("'", nameEnd) + 1;
  let i = html.indexOf('=', nameEnd) + 1;
  while (isHtmlWhitespace(html.charCodeAt(i))) i++;
  return i;
}

/**
 * A reader of the links of `html` (see the module comment) and where its `</body>` is, for `readHtml` to run beside
 * other readers of the same body; `result` once the pass is over.
 */
export function linkReader(html: string, maxLinks: number): { reader: HtmlReader; result: () => HtmlLinks } {
  const links: HtmlLink[] = [];
  let bodyCloseAt: number | null = null;
  let isLinkElement = false;
  let hasHref = false;
  let inHref = false;
  let nameEnd = 0;
  let value: string[] = [];

  const reader: HtmlReader = {
    onopentagname(start, end) {
      isLinkElement = end - start <= 4 && LINK_ELEMENTS.has(html.slice(start, end).toLowerCase());
      hasHref = false;
    },
    onattribname(start, end) {
      // A browser follows the first href of a tag; later ones are ignored, so they stay as written.
      inHref = isLinkElement && !hasHref && end - start === 4 && html.slice(start, end).toLowerCase() === 'href';
      nameEnd = end;
      value = [];
    },
    onattribdata(start, end) {
      if (inHref) value.push(html.slice(start, end));
    },
    onattribentity(codepoint) {
      if (inHref) value.push(String.fromCodePoint(codepoint));
    },
    onattribend(quote, endIndex) {
      if (!inHref) return;
      inHref = false;
      hasHref = true;
      if (quote === QuoteType.NoValue || links.length >= maxLinks) return;
      const url = followableUrl(value.join(''));
      const end = quote === QuoteType.Unquoted ? endIndex : endIndex - 1;
      if (url) links.push({ url, start: valueStart(html, nameEnd, quote), end });
    },
    onclosetag(start, end) {
      if (bodyCloseAt === null && end - start === 4 && html.slice(start, end).toLowerCase() === 'body') {
        bodyCloseAt = html.lastIndexOf('<', start);
      }
    },
  };
  return { reader, result: () => ({ links, bodyCloseAt }) };
}

/** The links of `html` (see the module comment) and where its `</body>` is. Linear in the length of `html`. */
export function findLinks(html: string, maxLinks: number): HtmlLinks {
  const links = linkReader(html, maxLinks);
  readHtml(html, [links.reader]);
  return links.result();
}
