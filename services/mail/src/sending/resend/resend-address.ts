// Resend's address fields: one string or a list, each "Name <address>" or a bare address. Mailwright stores bare
// addresses; a display name in `to`, `cc`, `bcc` or `reply_to` is dropped (the sender's comes from its account).
import { RESEND_MESSAGES } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';

export interface Mailbox {
  name: string | null;
  address: string;
}

/** `Name <address>`, `"Name" <address>` or `address`; anything else (two angle pairs, text after `>`) is null. */
const NAME_ADDR = /^\s*(?:"((?:[^"\\]|\\.)*)"|([^<>"]*?))\s*<([^<>\s]+)>\s*$/;
const BARE = /^\s*([^<>\s]+)\s*$/;

export function parseMailbox(value: string): Mailbox | null {
  const named = NAME_ADDR.exec(value);
  if (named) {
    const name = (named[1] ?? named[2] ?? '').replace(/\\(.)/g, '$1').trim();
    return { name: name || null, address: named[3] as string };
  }
  const bare = BARE.exec(value);
  return bare ? { name: null, address: bare[1] as string } : null;
}

/** The bare addresses of a Resend address field (undefined when it was not given). */
export function addressesOf(field: string, value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const list = typeof value === 'string' ? [value] : value;
  return list.map((entry) => {
    const mailbox = parseMailbox(entry);
    if (!mailbox) throw new AppError('VALIDATION_ERROR', RESEND_MESSAGES.addressInvalid(field, entry), { status: 422 });
    return mailbox.address;
  });
}

/** The sender address of `from`. */
export function senderAddressOf(from: string): string {
  const mailbox = parseMailbox(from);
  if (!mailbox?.address.includes('@')) {
    throw new AppError('VALIDATION_ERROR', RESEND_MESSAGES.fromInvalid, { status: 422, details: { field: 'from' } });
  }
  return mailbox.address;
}
