// POST /payments/webhook: public (Razorpay calls it through the gateway). Registered in its own
// encapsulated plugin so its JSON parser can keep the raw bytes the signature is computed over.
import type { RoutesPlugin } from '@mailwright/kit';
import type { BillingDeps } from '../deps';
import { handleWebhook } from '../domain/handle-webhook';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const webhookRoutes: RoutesPlugin<BillingDeps> = async (app, { deps }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/payments/webhook', async (request) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return handleWebhook(deps, {
      rawBody,
      signature: header(request.headers['x-razorpay-signature']),
      eventId: header(request.headers['x-razorpay-event-id']),
    });
  });
};
