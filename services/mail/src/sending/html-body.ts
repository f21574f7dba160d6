// What accept reads from an HTML body: the links click tracking will rewrite and, when the sender gave none, the
// text version sent beside it. Both readers share one tokenizer pass; run apart, the second pass was about 3% of
// the mail service's CPU per accepted email (issue 25, round 21).
import { readHtml } from '@mailwright/contracts';
import { extractLinks, trackedLinkReader } from '../tracking/add-tracking';
import { textReader } from './text-version';

export interface HtmlBodyReading {
  /** The tracked links' targets, in document order. */
  links: string[];
  /** The text sent beside the HTML: the sender's, or the body's text version. */
  text: string;
}

export function readHtmlBody(html: string, givenText: string | null): HtmlBodyReading {
  if (givenText !== null) return { links: extractLinks(html), text: givenText };
  const links = trackedLinkReader(html);
  const text = textReader(html);
  readHtml(html, [links.reader, text.reader]);
  return { links: links.result(), text: text.result() };
}
