// GET /payments/plans: the public plan catalogue for /pricing and the landing page.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PlansResponse } from '@mailwright/contracts';
import { PLANS } from '../domain/plans';

export const planRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/payments/plans', { schema: { response: { 200: PlansResponse } } }, async () => ({ data: [...PLANS] }));
};
