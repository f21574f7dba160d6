// SSRF guard for user-supplied hosts: unless private targets are allowed, a host that resolves to a
// loopback, private, link-local or otherwise internal address is refused. The checked address is
// returned so the caller connects to exactly that address (no second DNS answer can sneak in).
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '@mailwright/kit';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
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
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, 'ipv6');
}

export interface CheckedHost {
  /** Where to connect: the host as given, or the vetted address when private targets are refused. */
  connectTo: string;
  /** The name to present for TLS (SNI and certificate check). */
  serverName: string;
}

export async function checkTargetHost(host: string, allowPrivateTargets: boolean): Promise<CheckedHost> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (allowPrivateTargets) return { connectTo: bare, serverName: bare };
  let addresses: { address: string }[];
  try {
    addresses = await lookup(bare, { all: true, verbatim: true });
  } catch {
    throw new AppError('VALIDATION_ERROR', `Could not verify SMTP settings: the host ${host} could not be resolved`);
  }
  const first = addresses[0];
  if (!first || addresses.some(({ address }) => isPrivateAddress(address))) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The SMTP host ${host} resolves to a private or loopback address, which this server does not allow`,
    );
  }
  return { connectTo: first.address, serverName: bare };
}
