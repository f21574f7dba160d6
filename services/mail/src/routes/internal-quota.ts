// GET /internal/quota/:userId — identity's /auth/me shows these figures as emailQuota.

import { Envelope, ErrorBody, QuotaUsage } from '@mailwright/contracts';
import { type RoutesPlugin, requireService } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { SendingDeps } from '../sending/deps';
import { quotaUsage } from '../sending/quota-usage';

export const internalQuotaRoutes: RoutesPlugin<SendingDeps> = async (app, { deps }) => {
  app.get(
    '/internal/quota/:userId',
    {
      schema: {
        params: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Envelope(QuotaUsage), '4xx': ErrorBody, '5xx': ErrorBody },
      },
    },
    async (request) => {
      requireService(request);
      return { data: await quotaUsage(deps, request.params.userId, request.id) };
    },
  );
};
