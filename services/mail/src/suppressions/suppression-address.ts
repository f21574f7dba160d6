// One spelling per address on the list: trimmed and lower-cased (mail systems treat the case of an address as
// the same mailbox in practice; a list that missed `Ada@Example.com` would not protect anyone).
export const suppressionAddress = (address: string): string => address.trim().toLowerCase();

/** An email's recipients as the list spells them, each once: what a suppression check looks up. */
export function recipientAddresses(email: { to: string[]; cc: string[]; bcc: string[] }): string[] {
  return [...new Set([...email.to, ...email.cc, ...email.bcc].map(suppressionAddress))];
}
