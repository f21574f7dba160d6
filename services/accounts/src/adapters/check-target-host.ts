// SSRF guard for user-supplied SMTP and IMAP hosts: kit's resolvePublicHost resolves the host once and, unless private
// targets are allowed, refuses one that resolves to a loopback, private, link-local or otherwise internal address.
// The checked address is returned so the caller connects to exactly that address (no second DNS answer can sneak
// in); this file turns the resolver's refusals into the answers of the accounts API.
import { AppError, HostError, type PublicHost, resolvePublicHost } from '@mailwright/kit';

/** Where to connect (the vetted address) and the name to present for TLS (SNI and certificate check). */
export type CheckedHost = PublicHost;

/** Every address a name resolves to (the system resolver; tests pass one that changes its answers). */
export type ResolveAll = (host: string) => Promise<{ address: string }[]>;

/** `service` words the refusals: the SMTP host of a sender, or the IMAP host its mailbox is read from. */
export async function checkTargetHost(
  host: string,
  allowPrivateTargets: boolean,
  resolveAll?: ResolveAll,
  service: 'SMTP' | 'IMAP' = 'SMTP',
): Promise<CheckedHost> {
  const resolve = resolveAll && (async (name: string) => (await resolveAll(name)).map(({ address }) => address));
  try {
    return await resolvePublicHost(host, { allowPrivate: allowPrivateTargets, resolve });
  } catch (error) {
    if (!(error instanceof HostError)) throw error;
    if (error.problem === 'private') {
      throw new AppError(
        'VALIDATION_ERROR',
        `The ${service} host ${host} resolves to a private or loopback address, which this server does not allow`,
      );
    }
    throw new AppError('VALIDATION_ERROR', `Could not verify ${service} settings: the host ${host} could not be resolved`);
  }
}
