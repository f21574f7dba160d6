// Finding an email address in one short line of a bounce ("550 5.1.1 <x@y.example>: User unknown",
// "RCPT TO:<x@y.example>", "rfc822; x@y.example"), by expanding around each '@' with plain character tests.

const LOCAL_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.!#$%&'*+/=?^_`{|}~-";
const DOMAIN_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-';

/** Lower-cased: suppression matches addresses without regard to case. */
export function normaliseAddress(address: string): string {
  return address.trim().toLowerCase();
}

/** Every address in `line` (a single line, already cut short), lower-cased, in order. */
export function addressesIn(line: string): string[] {
  const found: string[] = [];
  let at = line.indexOf('@');
  while (at !== -1) {
    let start = at;
    while (start > 0 && LOCAL_CHARS.includes(line[start - 1] ?? ' ')) start--;
    let end = at + 1;
    while (end < line.length && DOMAIN_CHARS.includes(line[end] ?? ' ')) end++;
    let local = line.slice(start, at);
    while (local.startsWith('.')) local = local.slice(1);
    let domain = line.slice(at + 1, end);
    while (domain.endsWith('.') || domain.endsWith('-')) domain = domain.slice(0, -1);
    if (local !== '' && domain.includes('.') && !domain.startsWith('.')) found.push(normaliseAddress(`${local}@${domain}`));
    at = line.indexOf('@', Math.max(end, at + 1));
  }
  return found;
}

/** The first address in `line`, or null. */
export function firstAddressIn(line: string): string | null {
  return addressesIn(line)[0] ?? null;
}
