// Which of an email's recipients are on its owner's suppression list, and the email as stored once they are left
// out. A listed recipient is dropped from the message; when that is every recipient, the email is stored as
// `suppressed` with its recipients as given (the log shows whom it was for) and is never sent.
import type { NewEmail } from '../db/queries/insert-email';
import { suppressionAddress } from '../suppressions/suppression-address';

/** The email with its listed recipients (list spellings, as the lookup answered) left out and recorded. */
export function withoutSuppressed(email: NewEmail, listedAddresses: readonly string[]): NewEmail {
  if (listedAddresses.length === 0) return email;
  const listed = new Set(listedAddresses);
  const isListed = (address: string) => listed.has(suppressionAddress(address));
  const everyone = [...email.to, ...email.cc, ...email.bcc];
  const suppressed = [...new Set(everyone.filter(isListed))];
  if (everyone.every(isListed)) return { ...email, status: 'suppressed', suppressed };
  const keep = (list: string[]) => list.filter((address) => !isListed(address));
  return { ...email, to: keep(email.to), cc: keep(email.cc), bcc: keep(email.bcc), suppressed };
}
