// Open pixel and click-link rewriting for HTML bodies. The API extracts the links once and stores them
// with the email; the worker rewrites the body with the same rule, so link indexes always agree.
import type { TrackingTokens } from './tracking-token';

const LINK = /(<a\b[^>]*?\bhref\s*=\s*)(["'])(https?:\/\/[^"'\s<>]+)\2/gi;
const MAX_TRACKED_LINKS = 500;
const HTML_HINT = /<\/?[a-z][a-z0-9]*(?:\s[^>]*)?\/?>/i;

/** A body is treated as HTML when it contains at least one tag. */
export function looksLikeHtml(body: string): boolean {
  return HTML_HINT.test(body);
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&amp;/gi, '&')
    .replace(/&#0*38;/g, '&')
    .replace(/&#x0*26;/gi, '&');
}

/** The http(s) link targets of an HTML body, in document order (decoded, as a browser would follow them). */
export function extractLinks(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(LINK)) {
    if (links.length >= MAX_TRACKED_LINKS) break;
    links.push(decodeAttribute(match[3] ?? ''));
  }
  return links;
}

/** The body as sent: links pointing at the click route and a 1×1 open pixel before </body>. */
export function addTracking(html: string, emailId: string, publicUrl: string, tokens: TrackingTokens): string {
  const base = publicUrl.replace(/\/+$/, '');
  let index = 0;
  const rewritten = html.replace(LINK, (whole, prefix: string, quote: string) => {
    if (index >= MAX_TRACKED_LINKS) return whole;
    const url = `${base}/t/c/${tokens.clickToken(emailId, index)}`;
    index += 1;
    return `${prefix}${quote}${url}${quote}`;
  });
  const pixel = `<img src="${base}/t/o/${tokens.openToken(emailId)}.gif" width="1" height="1" alt="" style="display:none;border:0" />`;
  const closing = rewritten.search(/<\/body\s*>/i);
  return closing === -1 ? `${rewritten}${pixel}` : `${rewritten.slice(0, closing)}${pixel}${rewritten.slice(closing)}`;
}
