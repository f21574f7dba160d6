// Which of a send's recipients are on the owner's suppression list. Those are left out of the message; when that
// is every recipient, the email is stored as `suppressed` with its recipients as given (the log shows whom it was
// for) and is never sent.
import { suppressionAddress } from '../suppressions/suppression-address';
import type { SuppressionLookups } from './suppression-lookups';

export interface SuppressedRecipients {
  /** The suppressed addresses as the send wrote them, in order. */
  addresses: string[];
  all: boolean;
  /** The list without its suppressed addresses (unchanged when every recipient is suppressed). */
  keep(list: string[]): string[];
}

export async function suppressedRecipients(
  lookups: SuppressionLookups,
  userId: string,
  recipients: { to: string[]; cc: string[]; bcc: string[] },
): Promise<SuppressedRecipients> {
  const everyone = [...recipients.to, ...recipients.cc, ...recipients.bcc];
  const listed = new Set(await lookups.find(userId, [...new Set(everyone.map(suppressionAddress))]));
  const isListed = (address: string) => listed.has(suppressionAddress(address));
  const addresses = [...new Set(everyone.filter(isListed))];
  const all = listed.size > 0 && everyone.every(isListed);
  return {
    addresses,
    all,
    keep: (list) => (all || listed.size === 0 ? list : list.filter((address) => !isListed(address))),
  };
}
