// Where an SMTP connection goes: kit's resolvePublicHost resolves the account's host at every connection, checks
// every address unless ALLOW_PRIVATE_TARGETS, and the connection is made to the checked address with the name as
// the TLS server name (kit's SmtpSession leaves an IP out of SNI). The host was checked when the account was saved,
// but a name can resolve elsewhere later (DNS rebinding): checking the answer the socket actually uses is the only
// check that holds. This file turns the resolver's refusals into send failures: an unresolvable host is retried, a
// private one fails the email.
import { HostError, type HostResolver, type PublicHost, resolvePublicHost } from '@mailwright/kit';
import { SendFailure } from '../send-failure';

export type { HostResolver } from '@mailwright/kit';

export interface SmtpTargetPolicy {
  allowPrivate: boolean;
  resolve?: HostResolver;
}

export async function resolveSmtpTarget(host: string, policy: SmtpTargetPolicy): Promise<PublicHost> {
  try {
    return await resolvePublicHost(host, policy);
  } catch (error) {
    if (!(error instanceof HostError)) throw error;
    if (error.problem === 'private') {
      throw new SendFailure(
        `The SMTP host ${host} resolves to a private or loopback address, which this server does not allow`,
        true,
      );
    }
    const code = error.code === undefined ? '' : ` (${error.code})`;
    throw new SendFailure(`The SMTP host ${host} could not be resolved${code}`, false);
  }
}
