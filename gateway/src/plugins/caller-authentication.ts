// Wires who-is-calling for the proxies: user tokens checked against their session's current version, API keys
// resolved through identity, both caches kept honest by identity's revocations (Redis pub/sub), and API-key
// usage reported for the calls the services accepted.
import { type InternalClient, InternalTokenSigner } from '@mailwright/kit';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config';
import { ApiKeyResolver } from './api-key-resolver';
import { ApiKeyUsageReporter } from './api-key-usage';
import { type Authenticator, createAuthenticator } from './authenticate';
import { RevocationListener } from './revocation-listener';
import { SessionVersions } from './session-versions';
import { UserTokenVerifier } from './user-token';

export async function createCallerAuthentication(
  app: FastifyInstance,
  config: GatewayConfig,
  internalClient: InternalClient,
): Promise<Authenticator> {
  const sessionVersions = new SessionVersions(internalClient, config.IDENTITY_URL, config.SESSION_CACHE_SECONDS * 1000);
  const apiKeys = new ApiKeyResolver(internalClient, config.IDENTITY_URL, config.API_KEY_CACHE_SECONDS * 1000);
  const revocations = new RevocationListener(
    config.REDIS_URL,
    {
      revoke: (revocation) => {
        sessionVersions.revoke(revocation);
        apiKeys.revoke(revocation);
      },
      resync: () => {
        sessionVersions.resync();
        apiKeys.resync();
      },
    },
    app.log,
  );
  await revocations.start();
  app.addHook('onClose', async () => revocations.close());
  const usage = new ApiKeyUsageReporter(
    (apiKeyIds) =>
      internalClient.call(config.IDENTITY_URL, '/internal/api-keys/usage', { body: { apiKeyIds }, timeoutMs: 5_000 }),
    app.log,
  );
  app.addHook('onClose', () => usage.close());
  // Only calls the service accepted count as "last used".
  app.addHook('onResponse', (request, reply, done) => {
    if (request.apiKeyId !== undefined && reply.statusCode < 400) usage.record(request.apiKeyId);
    done();
  });
  return createAuthenticator({
    userTokens: new UserTokenVerifier(config.IDENTITY_URL),
    sessionVersions,
    apiKeys,
    signer: new InternalTokenSigner(config.INTERNAL_SECRET),
  });
}
