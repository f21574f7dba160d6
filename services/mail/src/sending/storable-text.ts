// Text Postgres cannot store: a NUL character, or an unpaired UTF-16 surrogate (it has no UTF-8 form). The
// intake stores the emails of several users in one statement (email-intake.ts), so each email is checked on its
// own before it joins one, and the answer names the field. Both scans are linear.
import { AppError } from '@mailwright/kit';
import type { NewEmail } from '../db/queries/insert-email';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (one pass, no backtracking). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const isStorable = (text: string) => !text.includes('\0') && !LONE_SURROGATE.test(text);

export const unstorableMessage = (field: string) => `${field} must not contain NUL characters or unpaired UTF-16 surrogates`;

/** The first field of `fields` holding unstorable text (arrays are named field[index]), or null. */
export function unstorableField(fields: Record<string, string | null | readonly string[]>): string | null {
  for (const [name, value] of Object.entries(fields)) {
    if (value === null) continue;
    if (typeof value === 'string') {
      if (!isStorable(value)) return name;
      continue;
    }
    const index = value.findIndex((item) => !isStorable(item));
    if (index >= 0) return `${name}[${index}]`;
  }
  return null;
}

/** Refuses (400) an email, and its attachments' names and types, when any text in it cannot be stored. */
export function checkStorableEmail(email: NewEmail, attachments: ReadonlyArray<{ filename: string; contentType: string }>): void {
  const field =
    unstorableField({
      subject: email.subject,
      body: email.body,
      to: email.to,
      cc: email.cc,
      bcc: email.bcc,
      fromName: email.fromName,
      fromEmail: email.fromEmail,
      timezone: email.timezone,
      text: email.text,
      replyTo: email.replyTo,
      headers: Object.values(email.headers),
    }) ??
    unstorableField(
      Object.fromEntries(
        attachments.flatMap((item, index) => [
          [`attachments[${index}].filename`, item.filename],
          [`attachments[${index}].contentType`, item.contentType],
        ]),
      ),
    );
  if (field) throw new AppError('UNSTORABLE_TEXT', unstorableMessage(field));
}
