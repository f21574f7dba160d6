// Leaving a paid plan: downgrade to a lower plan, or cancel back to free; both take effect at once.
import { DowngradeBody, SubscriptionChangeResponse } from '@mailwright/contracts';
import { type RoutesPlugin, requireUserId } from '@mailwright/kit';
import type { BillingDeps } from '../deps';
import { cancelSubscription } from '../domain/cancel-subscription';
import { downgradeSubscription } from '../domain/downgrade-subscription';

export const subscriptionRoutes: RoutesPlugin<BillingDeps> = async (app, { deps }) => {
  app.post(
    '/payments/downgrade',
    { schema: { body: DowngradeBody, response: { 200: SubscriptionChangeResponse } } },
    async (request) => downgradeSubscription(deps, requireUserId(request), request.body.planId),
  );

  app.post('/payments/cancel', { schema: { response: { 200: SubscriptionChangeResponse } } }, async (request) =>
    cancelSubscription(deps, requireUserId(request)),
  );
};
