// GET /.well-known/jwks.json: the public keys the gateway verifies session tokens with (no internal token needed).
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context';

export function registerJwksRoute(app: FastifyInstance, ctx: IdentityContext): void {
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ctx.sessions.jwks();
  });
}
