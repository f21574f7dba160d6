// The address fields and subject of a submitted message's header block, decoded by mailparser's own header reading
// (encoded words, charsets, address lists and groups, its checks on encoded words in addresses) without the stream
// pipeline simpleParser builds around it for every message. For a header block alone that pipeline is most of the
// cost: 193 µs a message through simpleParser, 37 µs through the reading alone (issue 25, round 30).
//
// `processHeaders` is the method simpleParser's MailParser applies to each part's header lines; it is not in
// mailparser's type declarations, hence the narrow interface below. decoded-headers.test.ts checks this reading
// against simpleParser's on every kind of header it decodes, so an upgrade that changes the method fails there.
import { Headers } from '@zone-eu/mailsplit';
import { type AddressObject, MailParser } from 'mailparser';

interface HeaderReading {
  processHeaders(lines: ReturnType<Headers['getList']>): Map<string, unknown>;
}

/** What the accept path reads from the header block, shaped as simpleParser gives it. */
export interface DecodedHeaders {
  from?: AddressObject;
  to?: AddressObject | AddressObject[];
  cc?: AddressObject | AddressObject[];
  replyTo?: AddressObject;
  subject?: string;
}

// One parser, never written to: processHeaders keeps no state between calls and reads only its libmime.
const reading = new MailParser({ skipTextToHtml: true, skipImageLinks: true }) as unknown as HeaderReading;

/** `head`: the header block as a latin1 string (one character per byte), without the blank line after it. */
export function decodeHeaderBlock(head: string): DecodedHeaders {
  const headers = reading.processHeaders(new Headers(Buffer.from(`${head}\r\n`, 'latin1')).getList());
  return {
    from: headers.get('from') as DecodedHeaders['from'],
    to: headers.get('to') as DecodedHeaders['to'],
    cc: headers.get('cc') as DecodedHeaders['cc'],
    replyTo: headers.get('reply-to') as DecodedHeaders['replyTo'],
    subject: headers.get('subject') as DecodedHeaders['subject'],
  };
}
