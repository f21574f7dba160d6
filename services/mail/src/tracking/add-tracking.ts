// Open pixel and click-link rewriting for HTML bodies. The API extracts the links once and stores them
// with the email; the worker rewrites the body with the same rule (contracts' findLinks, a tokenizer), so
// link indexes always agree. Only the link values change and the pixel is inserted: every other byte of
// the document is kept as written.
import { findLinks, type HtmlReader, linkReader, readHtml } from '@mailwright/contracts';
import type { TrackingTokens } from './tracking-token';

const MAX_TRACKED_LINKS = 500;

/** A reader, for `readHtml`, of the tracked links of an HTML body; `result` once the pass is over. */
export function trackedLinkReader(html: string): { reader: HtmlReader; result: () => string[] } {
  const links = linkReader(html, MAX_TRACKED_LINKS);
  return { reader: links.reader, result: () => links.result().links.map((link) => link.url) };
}

/** The http(s) link targets of an HTML body, in document order (decoded, as a browser would follow them). */
export function extractLinks(html: string): string[] {
  const links = trackedLinkReader(html);
  readHtml(html, [links.reader]);
  return links.result();
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The body as sent: links pointing at the click route and a 1×1 open pixel before </body>. */
export function addTracking(html: string, emailId: string, publicUrl: string, tokens: TrackingTokens): string {
  const base = publicUrl.replace(/\/+$/, '');
  const { links, bodyCloseAt } = findLinks(html, MAX_TRACKED_LINKS);
  const edits: Edit[] = links.map((link, index) => ({
    start: link.start,
    end: link.end,
    text: `${base}/t/c/${tokens.clickToken(emailId, index)}`,
  }));
  const pixelAt = bodyCloseAt ?? html.length;
  const pixel = `<img src="${base}/t/o/${tokens.openToken(emailId)}.gif" width="1" height="1" alt="" style="display:none;border:0" />`;
  // Links come in document order; the pixel goes before the first link that follows </body>, if any.
  const firstAfter = edits.findIndex((edit) => edit.start >= pixelAt);
  edits.splice(firstAfter === -1 ? edits.length : firstAfter, 0, { start: pixelAt, end: pixelAt, text: pixel });
  const parts: string[] = [];
  let copied = 0;
  for (const edit of edits) {
    parts.push(html.slice(copied, edit.start), edit.text);
    copied = edit.end;
  }
  parts.push(html.slice(copied));
  return parts.join('');
}
