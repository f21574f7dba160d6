// GET /payments/plans: the public plan catalogue for /pricing and the landing page.
import { PlansResponse } from '@mailwright/contracts';
import type { RoutesPlugin } from '@mailwright/kit';
import type { BillingDeps } from '../deps';
import { PLANS } from '../domain/plans';

export const planRoutes: RoutesPlugin<BillingDeps> = async (app) => {
  app.get('/payments/plans', { schema: { response: { 200: PlansResponse } } }, async () => ({ data: [...PLANS] }));
};
