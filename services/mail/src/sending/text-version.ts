// The text/plain part sent beside an HTML body when the sender gave none (issue 24): without one, mail clients and
// spam filters derive their own (HTML-only mail scores as spam). Made once at accept from the HTML as written, so
// it never holds the open pixel or tracked links; it is stored with the email and shown in the log.
import { compile } from 'html-to-text';

/** Bodies past this length keep only their start in the text part (html-to-text's own input limit). */
const MAX_INPUT_CHARS = 1_048_576;

const convert = compile({
  wordwrap: 78,
  limits: { maxInputLength: MAX_INPUT_CHARS },
  selectors: [
    // Links as their text and the address: "the offer [https://…]", or the address alone when that is the text.
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true, linkBrackets: ['[', ']'] } },
    // Images say nothing in text (a decorative image's alt would only be noise).
    { selector: 'img', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
});

export function textVersionOf(html: string): string {
  return convert(html).trim();
}
