// /internal/*: questions other services (the gateway, mail) ask identity. Never exposed publicly.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, ResolvedApiKey } from '@mailwright/contracts';
import { notFound, requireService } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context';
import { findUserById } from '../db/queries/users';
import { recordApiKeyUsage, resolveApiKey } from '../domain/resolve-api-key';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keys of calls the gateway let through (at most 10,000 distinct ids a request: ~400 KB, under the body limit); 204 once taken, written in batches. */
const ApiKeyUsageBody = Type.Object(
  {
    apiKeyIds: Type.Array(Type.String({ maxLength: 36, pattern: UUID.source }), { minItems: 1, maxItems: 10_000 }),
  },
  { additionalProperties: false },
);

const InternalUser = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  isVerified: Type.Boolean(),
  /** Session tokens whose `sv` claim is below this are over (the gateway checks it). */
  sessionVersion: Type.Integer(),
});

export function registerInternalRoutes(server: FastifyInstance, ctx: IdentityContext): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/internal/api-keys/resolve',
    {
      schema: {
        body: Type.Object({ key: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
        response: { 200: Envelope(ResolvedApiKey) },
      },
    },
    async (request) => {
      requireService(request);
      return { data: await resolveApiKey(ctx, request.body.key) };
    },
  );

  app.post('/internal/api-keys/usage', { schema: { body: ApiKeyUsageBody } }, async (request, reply) => {
    requireService(request);
    recordApiKeyUsage(ctx, request.body.apiKeyIds);
    return reply.status(204).send();
  });

  app.get(
    '/internal/users/:userId',
    { schema: { params: Type.Object({ userId: Type.String({ maxLength: 64 }) }), response: { 200: Envelope(InternalUser) } } },
    async (request) => {
      requireService(request);
      const user = UUID.test(request.params.userId) ? await findUserById(ctx.db, request.params.userId) : undefined;
      if (!user) throw notFound('User');
      return {
        data: {
          id: user.id,
          email: user.email,
          name: user.name,
          isVerified: user.isVerified,
          sessionVersion: user.sessionVersion,
        },
      };
    },
  );
}
