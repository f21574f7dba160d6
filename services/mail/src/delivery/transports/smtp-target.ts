// Where an SMTP connection goes: the account's host is resolved at every connection, every address is checked
// (kit isPrivateAddress) unless ALLOW_PRIVATE_TARGETS, and the connection is made to the checked address. The
// host was checked when the account was saved, but a name can resolve elsewhere later (DNS rebinding): checking
// the answer the socket actually uses is the only check that holds. The name stays the TLS server name (SNI and
// certificate check).
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress } from '@mailwright/kit';
import { SendFailure } from '../send-failure';

/** All addresses of a host name (dns.lookup by default; tests pass their own). */
export type HostResolver = (host: string) => Promise<string[]>;

export interface SmtpTargetPolicy {
  allowPrivate: boolean;
  resolve?: HostResolver;
}

export interface SmtpTarget {
  /** The IP address the socket connects to. */
  address: string;
  /** The name TLS presents and checks the certificate against (undefined when the host is an IP). */
  servername: string | undefined;
}

const systemResolver: HostResolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

export async function resolveSmtpTarget(host: string, policy: SmtpTargetPolicy): Promise<SmtpTarget> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(bare)
    ? [bare]
    : await (policy.resolve ?? systemResolver)(bare).catch((error: unknown) => {
        const code = (error as { code?: string }).code ?? 'EDNS';
        throw new SendFailure(`The SMTP host ${host} could not be resolved (${code})`, false);
      });
  const first = addresses[0];
  if (first === undefined) throw new SendFailure(`The SMTP host ${host} could not be resolved`, false);
  if (!policy.allowPrivate && addresses.some(isPrivateAddress)) {
    throw new SendFailure(
      `The SMTP host ${host} resolves to a private or loopback address, which this server does not allow`,
      true,
    );
  }
  return { address: first, servername: isIP(bare) ? undefined : bare };
}
