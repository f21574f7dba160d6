// The address failed sign-ins are counted under. IPv4 (also IPv4-mapped IPv6) counts per address; IPv6 per /64, the
// block one subscriber is usually given: counting each of its 2^64 addresses apart would count nothing.
import { isIPv4, isIPv6 } from 'node:net';

export function clientAddressKey(remoteAddress: string): string {
  const address = remoteAddress.toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address) || address.includes('.')) return address;
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
