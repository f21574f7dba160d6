// GET /.well-known/jwks.json: the public keys the gateway verifies session tokens with (no internal token needed).
import type { RoutesPlugin } from '@mailwright/kit';
import type { IdentityDeps } from '../deps';
import { JWKS_MAX_AGE_SECONDS } from '../domain/session-tokens';

export const jwksRoutes: RoutesPlugin<IdentityDeps> = async (app, { deps }) => {
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
    return deps.sessions.jwks();
  });
};
