// /internal/*: questions other services (the gateway, mail, accounts) ask identity. Never exposed publicly.

import { Envelope, ResolvedApiKey } from '@mailwright/contracts';
import { type RoutesPlugin, requireService } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { IdentityDeps } from '../deps';
import { internalUser } from '../domain/internal-user';
import { notifyUser } from '../domain/notify-user';
import { recordApiKeyUsage, resolveApiKey } from '../domain/resolve-api-key';

/** A lower-case uuid, checked by the schema: one bad id refuses the whole batch. */
const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/** Keys of calls the gateway let through (at most 10,000 distinct ids a request: ~400 KB, under the body limit); 204 once taken, written in batches. */
const ApiKeyUsageBody = Type.Object(
  {
    apiKeyIds: Type.Array(Type.String({ maxLength: 36, pattern: UUID_PATTERN }), { minItems: 1, maxItems: 10_000 }),
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

/** A notice to mail a user (accounts: a paused sender); one line of subject, a plain-text body. */
const NotifyUserBody = Type.Object(
  {
    subject: Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\r\\n]+$' }),
    text: Type.String({ minLength: 1, maxLength: 10_000 }),
  },
  { additionalProperties: false },
);

const UserParams = Type.Object({ userId: Type.String({ maxLength: 64 }) });

export const internalRoutes: RoutesPlugin<IdentityDeps> = async (app, { deps }) => {
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
      return { data: await resolveApiKey(deps, request.body.key) };
    },
  );

  app.post('/internal/api-keys/usage', { schema: { body: ApiKeyUsageBody } }, async (request, reply) => {
    requireService(request);
    recordApiKeyUsage(deps, request.body.apiKeyIds);
    return reply.status(204).send();
  });

  app.get(
    '/internal/users/:userId',
    { schema: { params: UserParams, response: { 200: Envelope(InternalUser) } } },
    async (request) => {
      requireService(request);
      return { data: await internalUser(deps, request.params.userId) };
    },
  );

  app.post('/internal/users/:userId/notify', { schema: { params: UserParams, body: NotifyUserBody } }, async (request, reply) => {
    requireService(request);
    await notifyUser(deps, request.params.userId, request.body);
    return reply.status(204).send();
  });
};
