// Leaving a paid plan: downgrade to a lower plan, or cancel back to free; both take effect at once.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DowngradeBody, SubscriptionChangeResponse } from '@mailwright/contracts';
import { requireUserId } from '@mailwright/kit';
import { cancelSubscription } from '../domain/cancel-subscription';
import { downgradeSubscription } from '../domain/downgrade-subscription';

export const subscriptionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/payments/downgrade',
    { schema: { body: DowngradeBody, response: { 200: SubscriptionChangeResponse } } },
    async (request) => downgradeSubscription(app.billing, requireUserId(request), request.body.planId),
  );

  app.post('/payments/cancel', { schema: { response: { 200: SubscriptionChangeResponse } } }, async (request) =>
    cancelSubscription(app.billing, requireUserId(request)),
  );
};
