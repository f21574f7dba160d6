// The human side of a message (decoded From address, Subject, Date and plain text, HTML reduced to text when
// there is no text part) read with mailparser, which handles encoded words, charsets and HTML well. When
// mailparser gives up on a broken message, the walker's own view is used instead. mailparser (with its charset
// tables and HTML converter) is loaded on first use only: a worker whose senders get no feedback never needs it.
import { firstAddressIn } from './addresses';
import { htmlToText } from './html-text';
import { fieldValue } from './mime/header-fields';
import { MAX_TEXT_BYTES, type MimeMessage } from './mime/read-mime';

export interface ReadableMessage {
  /** The From address ('' when there is none). */
  from: string;
  subject: string;
  date: Date | null;
  text: string;
}

/** mailparser reads at most this much: a reply's headers and the start of its text are all that is kept. */
const MAX_READABLE_BYTES = 512 * 1024;

export async function readReadable(raw: Buffer, mime: MimeMessage): Promise<ReadableMessage> {
  try {
    const { simpleParser } = await import('mailparser');
    const parsed = await simpleParser(raw.subarray(0, MAX_READABLE_BYTES), {
      keepDeliveryStatus: true,
      skipImageLinks: true,
      skipTextLinks: true,
      skipTextToHtml: true,
      maxHtmlLengthToParse: MAX_TEXT_BYTES,
    });
    const from = parsed.from?.value.find((entry) => entry.address)?.address ?? '';
    const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null;
    return { from, subject: parsed.subject ?? '', date, text: (parsed.text ?? '').slice(0, MAX_TEXT_BYTES) };
  } catch {
    return readableFromMime(mime);
  }
}

/** The walker's view: raw header values and the first text part outside any enclosed message. */
export function readableFromMime(mime: MimeMessage): ReadableMessage {
  return {
    from: firstAddressIn(fieldValue(mime.headers, 'from').slice(0, 2_000)) ?? '',
    subject: fieldValue(mime.headers, 'subject'),
    date: parseDate(fieldValue(mime.headers, 'date')),
    text: ownText(mime),
  };
}

/** The first text/plain part outside enclosed messages, else the first text/html one reduced to text. */
export function ownText(mime: MimeMessage): string {
  const own = mime.leaves.filter((leaf) => !leaf.enclosed);
  const plain = own.find((leaf) => leaf.contentType.type === 'text/plain');
  if (plain) return plain.text;
  const html = own.find((leaf) => leaf.contentType.type === 'text/html');
  return html ? htmlToText(html.text) : '';
}

/** An RFC 5322 date ("Tue, 14 Jan 2025 09:12:40 +0000 (UTC)"), or null when unreadable. */
export function parseDate(value: string): Date | null {
  const text = value.trim().slice(0, 200);
  if (text === '') return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}
