// Paid checkout: create a Razorpay order, verify what checkout hands back, list past payments.
import {
  CreateOrderBody,
  CreateOrderResponse,
  PaymentHistoryResponse,
  SubscriptionChangeResponse,
  VerifyPaymentBody,
} from '@mailwright/contracts';
import { type RoutesPlugin, requireUserId } from '@mailwright/kit';
import type { BillingDeps } from '../deps';
import { createOrder } from '../domain/create-order';
import { listPayments } from '../domain/list-payments';
import { verifyPayment } from '../domain/verify-payment';

export const checkoutRoutes: RoutesPlugin<BillingDeps> = async (app, { deps }) => {
  app.post(
    '/payments/create-order',
    { schema: { body: CreateOrderBody, response: { 200: CreateOrderResponse } } },
    async (request) => createOrder(deps, requireUserId(request), request.body.plan),
  );

  app.post(
    '/payments/verify',
    { schema: { body: VerifyPaymentBody, response: { 200: SubscriptionChangeResponse } } },
    async (request) => verifyPayment(deps, requireUserId(request), request.body),
  );

  app.get('/payments/history', { schema: { response: { 200: PaymentHistoryResponse } } }, async (request) => ({
    data: await listPayments(deps, requireUserId(request)),
  }));
};
