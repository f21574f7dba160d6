// Service-to-service endpoints the mail service and worker use (never exposed by the gateway).

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, ErrorBody, ResolveAccountBody, ResolvedAccount, Transport } from '@mailwright/contracts';
import { requireService } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AccountsDeps } from '../domain/deps';
import { getTransport } from '../domain/get-transport';
import { resolveAccount } from '../domain/resolve-account';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };

export async function internalRoutes(app: FastifyInstance, deps: AccountsDeps): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post(
    '/internal/accounts/resolve',
    { schema: { body: ResolveAccountBody, response: { 200: Envelope(ResolvedAccount), ...errors } } },
    async (request) => {
      requireService(request);
      const { userId, accountId } = request.body as ResolveAccountBody;
      return { data: await resolveAccount(deps, userId, accountId) };
    },
  );

  routes.get(
    '/internal/accounts/:accountId/transport',
    {
      schema: {
        params: Type.Object({ accountId: Type.String({ minLength: 1, maxLength: 64 }) }),
        // Optional: when the caller knows the owner, an account of another user answers 404.
        querystring: Type.Object({ userId: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: { 200: Envelope(Transport), ...errors },
      },
    },
    async (request) => {
      requireService(request);
      const { accountId } = request.params as { accountId: string };
      const { userId } = request.query as { userId?: string };
      return { data: await getTransport(deps, accountId, userId) };
    },
  );
}
