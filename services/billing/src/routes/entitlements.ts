// GET /internal/entitlements/:userId: what a user's plan allows, for identity, accounts, templates and mail.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Entitlements } from '@mailwright/contracts';
import { requireService } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import { readEntitlements } from '../domain/read-subscription';

const Params = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 128 }) });

export const entitlementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/internal/entitlements/:userId',
    { schema: { params: Params, response: { 200: Type.Object({ data: Entitlements }) } } },
    async (request) => {
      requireService(request);
      return { data: await readEntitlements(app.billing, request.params.userId) };
    },
  );
};
