// The RFC 5322 bytes of a simple email (text, HTML, or HTML with its text version as multipart/alternative; no
// attachments) built in one pass with nodemailer's own encoders (quoted-printable, RFC 2047 words, header folding),
// without MailComposer's stream pipeline. Anything else (attachments, other alternatives, addresses that need
// parsing) returns null and goes through MailComposer unchanged.

import type { SmtpEnvelope } from '@mailwright/kit';
import type Mail from 'nodemailer/lib/mailer/index.js';
import * as mimeFuncs from 'nodemailer/lib/mime-funcs/index.js';
import * as qp from 'nodemailer/lib/qp/index.js';
import { uniqueHex } from '../unique-hex';

export interface BuiltMessage {
  envelope: SmtpEnvelope;
  raw: Buffer;
}

/** A bare address we can write as is: an atom-and-dots local part, a host name; anything else goes to MailComposer. */
const BARE_ADDRESS = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~.]+@[A-Za-z0-9.-]+$/;
/** A display name that needs no quoting (RFC 5322 atoms and spaces). */
const ATOM_PHRASE = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]*$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function displayName(name: string): string {
  if (ATOM_PHRASE.test(name)) return name;
  if (PRINTABLE_ASCII.test(name)) return `"${name.replace(/(["\\])/g, '\\$1')}"`;
  return mimeFuncs.encodeWord(name, 'Q', 52);
}

function header(name: string, value: string): string {
  return mimeFuncs.foldLines(`${name}: ${value}`, 76);
}

function bodyPart(content: string): { encoding: string; text: string } {
  const normalised = content.replace(/\r?\n|\r/g, '\r\n');
  if (mimeFuncs.isPlainText(normalised) && !mimeFuncs.hasLongerLines(normalised, 76)) {
    return { encoding: '7bit', text: normalised };
  }
  return { encoding: 'quoted-printable', text: qp.wrap(qp.encode(Buffer.from(normalised, 'utf-8')), 76) };
}

interface Body {
  /** Set for a multipart body (its boundary); a single part's type comes from the message kind. */
  contentType?: string;
  /** The single part's transfer encoding; none for a multipart body. */
  encoding?: string;
  text: string;
}

/** The text and the HTML as two parts of multipart/alternative; null in the unlikely case the boundary occurs in them. */
function alternativeBody(text: string, html: string): Body | null {
  const boundary = `--_mw-${uniqueHex(24)}`;
  const parts = [
    ['text/plain', bodyPart(text)],
    ['text/html', bodyPart(html)],
  ] as const;
  if (parts.some(([, part]) => part.text.includes(boundary))) return null;
  const lines: string[] = [];
  for (const [type, part] of parts) {
    lines.push(
      `--${boundary}`,
      `Content-Type: ${type}; charset=utf-8`,
      `Content-Transfer-Encoding: ${part.encoding}`,
      '',
      part.text.endsWith('\r\n') ? part.text.slice(0, -2) : part.text,
    );
  }
  lines.push(`--${boundary}--`);
  return { contentType: `multipart/alternative; boundary="${boundary}"`, text: lines.join('\r\n') };
}

const stringList = (value: unknown): string[] | null =>
  value === undefined ? [] : Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null;

/** The message and its envelope, or null when it is not a plain single-part email this builder handles. */
export function buildPlainMessage(options: Mail.Options, now = new Date()): BuiltMessage | null {
  const to = stringList(options.to);
  const cc = stringList(options.cc);
  const bcc = stringList(options.bcc);
  const from =
    typeof options.from === 'string'
      ? { name: '', address: options.from }
      : options.from && !Array.isArray(options.from) && typeof options.from.address === 'string'
        ? { name: options.from.name, address: options.from.address }
        : null;
  const content = typeof options.html === 'string' ? options.html : typeof options.text === 'string' ? options.text : null;
  // HTML with its text version: multipart/alternative, text first and HTML last (RFC 2046 wants the preferred last).
  const alternative = typeof options.html === 'string' && typeof options.text === 'string' ? options.text : null;
  const mixedKinds = options.html !== undefined && options.text !== undefined && alternative === null;
  const extra = Object.entries((options.headers as Record<string, unknown> | undefined) ?? {});
  if (!to || !cc || !bcc || !from || content === null || mixedKinds) return null;
  if (options.attachments?.length || options.alternatives?.length || options.replyTo || options.sender) return null;
  const recipients = [...to, ...cc, ...bcc];
  if (recipients.length === 0 || ![from.address, ...recipients].every((address) => BARE_ADDRESS.test(address))) return null;
  if (!extra.every(([name, value]) => /^[A-Za-z0-9-]+$/.test(name) && typeof value === 'string' && PRINTABLE_ASCII.test(value)))
    return null;
  if (typeof options.subject !== 'string' || typeof options.messageId !== 'string' || !PRINTABLE_ASCII.test(options.messageId))
    return null;

  const body: Body | null = alternative === null ? bodyPart(content) : alternativeBody(alternative, content);
  if (!body) return null;
  const lines = [
    header('Content-Type', body.contentType ?? `${typeof options.html === 'string' ? 'text/html' : 'text/plain'}; charset=utf-8`),
    header('From', from.name ? `${displayName(from.name)} <${from.address}>` : from.address),
    header('To', to.join(', ')),
  ];
  if (cc.length > 0) lines.push(header('Cc', cc.join(', ')));
  lines.push(
    header('Subject', mimeFuncs.encodeWords(options.subject, 'Q', 52)),
    header('Message-ID', options.messageId),
    ...extra.map(([name, value]) => header(name, value as string)),
    header('Date', now.toUTCString().replace(/GMT/, '+0000')),
    'MIME-Version: 1.0',
  );
  if (body.encoding) lines.push(`Content-Transfer-Encoding: ${body.encoding}`);
  return {
    envelope: { from: from.address, to: [...new Set(recipients)] },
    // Like MailComposer, the body always ends with a line break.
    raw: Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body.text}${body.text.endsWith('\r\n') ? '' : '\r\n'}`, 'utf-8'),
  };
}
