// The one SSRF address check: user-chosen targets (SMTP hosts, webhook and attachment URLs) must
// not resolve to loopback, private, link-local or other internal addresses unless an operator allows it.
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

// IPv6 forms that carry an IPv4 address inside (IPv4-compatible, mapped in hex, SIIT, 6to4): the IPv4 inside may
// be private, and no real mail or webhook host needs them. A list of its own, checked for IPv6 only: BlockList
// would match every IPv4 address against ::ffff:0:0/96.
const embedsIpv4 = new BlockList();
for (const [network, prefix] of [
  ['::', 96],
  ['::ffff:0:0', 96],
  ['::ffff:0:0:0', 96],
  ['2002::', 16],
] as const) {
  embedsIpv4.addSubnet(network, prefix, 'ipv6');
}

/** True for loopback, private, link-local, carrier-grade NAT, documentation, multicast and reserved addresses (and non-IPs). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(address, 'ipv6') || embedsIpv4.check(address, 'ipv6');
  }
  return true;
}
