// GET /internal/quota/:userId — identity's /auth/me shows these figures as emailQuota.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, ErrorBody, QuotaUsage } from '@mailwright/contracts';
import { requireService } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { quotaUsage } from '../sending/quota-usage';

export function internalQuotaRoutes(app: FastifyInstance): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/internal/quota/:userId',
    {
      schema: {
        params: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Envelope(QuotaUsage), '4xx': ErrorBody, '5xx': ErrorBody },
      },
    },
    async (request) => {
      requireService(request);
      return { data: await quotaUsage(app.mail, request.params.userId) };
    },
  );
}
