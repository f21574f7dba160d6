// One spelling per address on the list: trimmed and lower-cased (mail systems treat the case of an address as
// the same mailbox in practice; a list that missed `Ada@Example.com` would not protect anyone).
export const suppressionAddress = (address: string): string => address.trim().toLowerCase();
