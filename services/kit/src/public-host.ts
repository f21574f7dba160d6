// Where a connection to a user-chosen host (an SMTP server) goes, for clients that cannot take a lookup function
// (nodemailer): the host is resolved once, every address is checked (isPrivateAddress) unless private targets are
// allowed, and the caller connects to the checked address while presenting the name for TLS (SNI and certificate
// check). A name can resolve elsewhere later (DNS rebinding): connecting to the address that was checked is the
// only check that holds. IP literals (also bracketed IPv6) are checked as they are.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress } from './private-address';

/** Every address a host name resolves to (dns.lookup by default; tests pass their own). */
export type HostResolver = (host: string) => Promise<string[]>;

export interface PublicHostPolicy {
  /** ALLOW_PRIVATE_TARGETS: the addresses are not checked (the connection still goes to the resolved one). */
  allowPrivate: boolean;
  resolve?: HostResolver;
}

export interface PublicHost {
  /** The IP address the socket connects to. */
  connectTo: string;
  /** The host as given without IPv6 brackets: the TLS server name unless it is an IP literal. */
  serverName: string;
}

export class HostError extends Error {
  constructor(
    readonly problem: 'unresolvable' | 'private',
    message: string,
    /** The resolver's error code (ENOTFOUND, EAI_AGAIN, ...) when it failed; undefined for an empty answer. */
    readonly code?: string,
  ) {
    super(message);
  }
}

const systemResolver: HostResolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** Resolves a host and checks every address. Throws HostError ('unresolvable' or 'private'). */
export async function resolvePublicHost(host: string, policy: PublicHostPolicy): Promise<PublicHost> {
  const serverName = host.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(serverName)
    ? [serverName]
    : await (policy.resolve ?? systemResolver)(serverName).catch((error: unknown) => {
        const code = (error as { code?: string }).code ?? 'EDNS';
        throw new HostError('unresolvable', `host ${host} could not be resolved (${code})`, code);
      });
  const first = addresses[0];
  if (first === undefined) throw new HostError('unresolvable', `host ${host} could not be resolved`);
  if (!policy.allowPrivate && addresses.some(isPrivateAddress)) {
    throw new HostError('private', `host ${host} resolves to a private or loopback address`);
  }
  return { connectTo: first, serverName };
}
