// Paid checkout: create a Razorpay order, verify what checkout hands back, list past payments.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateOrderBody,
  CreateOrderResponse,
  PaymentHistoryResponse,
  SubscriptionChangeResponse,
  VerifyPaymentBody,
} from '@mailwright/contracts';
import { requireUserId } from '@mailwright/kit';
import { createOrder } from '../domain/create-order';
import { listPayments } from '../domain/list-payments';
import { verifyPayment } from '../domain/verify-payment';

export const checkoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/payments/create-order',
    { schema: { body: CreateOrderBody, response: { 200: CreateOrderResponse } } },
    async (request) => createOrder(app.billing, requireUserId(request), request.body.plan),
  );

  app.post(
    '/payments/verify',
    { schema: { body: VerifyPaymentBody, response: { 200: SubscriptionChangeResponse } } },
    async (request) => verifyPayment(app.billing, requireUserId(request), request.body),
  );

  app.get('/payments/history', { schema: { response: { 200: PaymentHistoryResponse } } }, async (request) => ({
    data: await listPayments(app.billing, requireUserId(request)),
  }));
};
