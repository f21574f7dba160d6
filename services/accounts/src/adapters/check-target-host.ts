// SSRF guard for user-supplied hosts: unless private targets are allowed, a host that resolves to a
// loopback, private, link-local or otherwise internal address is refused. The checked address is
// returned so the caller connects to exactly that address (no second DNS answer can sneak in).
import { lookup } from 'node:dns/promises';
import { AppError, isPrivateAddress } from '@mailwright/kit';

export interface CheckedHost {
  /** Where to connect: the host as given, or the vetted address when private targets are refused. */
  connectTo: string;
  /** The name to present for TLS (SNI and certificate check). */
  serverName: string;
}

/** Every address a name resolves to (the system resolver; tests pass one that changes its answers). */
export type ResolveAll = (host: string) => Promise<{ address: string }[]>;

const systemResolver: ResolveAll = (host) => lookup(host, { all: true, verbatim: true });

export async function checkTargetHost(
  host: string,
  allowPrivateTargets: boolean,
  resolveAll: ResolveAll = systemResolver,
): Promise<CheckedHost> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (allowPrivateTargets) return { connectTo: bare, serverName: bare };
  let addresses: { address: string }[];
  try {
    addresses = await resolveAll(bare);
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
