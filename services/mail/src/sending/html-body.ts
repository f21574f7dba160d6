// What accept reads from an HTML body: the links click tracking will rewrite and, when the sender gave none, the
// text version sent beside it. Both readers share one tokenizer pass; run apart, the second pass was about 3% of
// the mail service's CPU per accepted email (issue 25, round 21).
import { MAIL_LIMITS, readHtml } from '@mailwright/contracts';
import { extractLinks, trackedLinkReader } from '../tracking/add-tracking';
import { textReader, textVersionOf } from './text-version';

export interface HtmlBodyReading {
  /** The tracked links' targets, in document order. */
  links: string[];
  /** The text sent beside the HTML: the sender's, or the body's text version. */
  text: string;
}

export function readHtmlBody(html: string, givenText: string | null): HtmlBodyReading {
  // A body past the size limit is refused when it is stored; its text version reads only the part within it.
  if (givenText !== null || html.length > MAIL_LIMITS.bodyMaxChars) {
    return { links: extractLinks(html), text: givenText ?? textVersionOf(html) };
  }
  const links = trackedLinkReader(html);
  const text = textReader(html);
  readHtml(html, [links.reader, text.reader]);
  return { links: links.urls(), text: text.text() };
}
