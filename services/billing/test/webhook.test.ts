import { createHmac, randomUUID } from 'node:crypto';
import { userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlementsOf, type Harness, publicHeaders, startHarness, WEBHOOK_SECRET } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness('billing_webhook');
});
afterAll(async () => {
  await harness?.close();
});

async function openOrder(userId: string, plan: 'pro' | 'enterprise') {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/payments/create-order',
    headers: await userHeaders(userId),
    payload: { plan },
  });
  return response.json<{ orderId: string; amount: number }>();
}

function capturedEvent(orderId: string, paymentId: string, amount: number, event = 'payment.captured') {
  // Razorpay's layout, key order and spacing kept as sent: the signature covers these exact bytes.
  return `{"entity":"event","account_id":"acc_test","event":"${event}","contains":["payment"],"payload":{"payment":{"entity":{"id":"${paymentId}","entity":"payment","amount":${amount},"currency":"INR","status":"captured","order_id":"${orderId}"}}},"created_at":1736082000}`;
}

async function deliver(rawBody: string, options: { signature?: string; eventId?: string } = {}) {
  const signature = options.signature ?? createHmac('sha256', WEBHOOK_SECRET).update(rawBody).digest('hex');
  return harness.app.inject({
    method: 'POST',
    url: '/payments/webhook',
    headers: {
      ...(await publicHeaders()),
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': options.eventId ?? `evt_${randomUUID()}`,
    },
    payload: rawBody,
  });
}

describe('POST /payments/webhook', () => {
  it('activates the plan on payment.captured when the browser never came back', async () => {
    const userId = randomUUID();
    const order = await openOrder(userId, 'enterprise');
    const response = await deliver(capturedEvent(order.orderId, 'pay_webhook1', order.amount));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'processed', outcome: 'activated' });
    expect(await entitlementsOf(harness.app, userId)).toMatchObject({
      plan: 'enterprise',
      emailLimit: -1,
      endDate: '2025-02-05T13:00:00.000Z',
    });
    const history = await harness.app.inject({ method: 'GET', url: '/payments/history', headers: await userHeaders(userId) });
    expect(history.json().data[0]).toMatchObject({ status: 'paid', paymentId: 'pay_webhook1' });
  });

  it('activates on order.paid too, and the later payment.captured for it changes nothing', async () => {
    const userId = randomUUID();
    const order = await openOrder(userId, 'pro');
    const paid = await deliver(capturedEvent(order.orderId, 'pay_webhook2', order.amount, 'order.paid'));
    expect(paid.json()).toEqual({ status: 'processed', outcome: 'activated' });
    const captured = await deliver(capturedEvent(order.orderId, 'pay_webhook2', order.amount));
    expect(captured.json()).toEqual({ status: 'processed', outcome: 'already-paid' });
    expect((await entitlementsOf(harness.app, userId)).plan).toBe('pro');
  });

  it('processes a redelivered event once', async () => {
    const userId = randomUUID();
    const order = await openOrder(userId, 'pro');
    const body = capturedEvent(order.orderId, 'pay_webhook3', order.amount);
    const first = await deliver(body, { eventId: 'evt_redelivered' });
    expect(first.json()).toEqual({ status: 'processed', outcome: 'activated' });
    // The user downgrades; a retry of the old event must not bring the paid plan back.
    await harness.app.inject({
      method: 'POST',
      url: '/payments/downgrade',
      headers: await userHeaders(userId),
      payload: { planId: 'free' },
    });
    const retry = await deliver(body, { eventId: 'evt_redelivered' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ status: 'duplicate' });
    expect((await entitlementsOf(harness.app, userId)).plan).toBe('free');
  });

  it('rejects a bad signature and changes nothing', async () => {
    const userId = randomUUID();
    const order = await openOrder(userId, 'pro');
    const body = capturedEvent(order.orderId, 'pay_webhook4', order.amount);
    const forged = await deliver(body, { signature: createHmac('sha256', 'not-the-secret').update(body).digest('hex') });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'Invalid webhook signature', code: 'BAD_REQUEST' });
    // Re-serialising the JSON (different bytes, same meaning) breaks the signature as well.
    const reformatted = JSON.stringify(JSON.parse(body), null, 1);
    const signedOriginal = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
    expect((await deliver(reformatted, { signature: signedOriginal })).statusCode).toBe(400);
    const unsigned = await harness.app.inject({
      method: 'POST',
      url: '/payments/webhook',
      headers: { ...(await publicHeaders()), 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await entitlementsOf(harness.app, userId)).plan).toBe('free');

    // The same event correctly signed is still processed: the rejected attempts were not recorded.
    expect((await deliver(body)).json()).toEqual({ status: 'processed', outcome: 'activated' });
  });

  it('does not activate a payment whose amount differs from the order', async () => {
    const userId = randomUUID();
    const order = await openOrder(userId, 'enterprise');
    const response = await deliver(capturedEvent(order.orderId, 'pay_webhook5', 100));
    expect(response.json()).toEqual({ status: 'processed', outcome: 'ignored: amount differs from the order' });
    expect((await entitlementsOf(harness.app, userId)).plan).toBe('free');
  });

  it('acknowledges events for unknown orders and other event types without acting', async () => {
    const unknown = await deliver(capturedEvent('order_unknown', 'pay_unknown', 2900));
    expect(unknown.json()).toEqual({ status: 'processed', outcome: 'ignored: unknown order' });
    const refund = await deliver('{"entity":"event","event":"refund.created","payload":{}}');
    expect(refund.json()).toEqual({ status: 'processed', outcome: 'ignored: event not handled' });
  });

  it('marks an order failed on payment.failed and still activates a later successful payment of it', async () => {
    const userId = randomUUID();
    const order = await openOrder(userId, 'pro');
    const failedBody = `{"event":"payment.failed","payload":{"payment":{"entity":{"id":"pay_failed1","amount":2900,"status":"failed","order_id":"${order.orderId}"}}}}`;
    expect((await deliver(failedBody)).json()).toEqual({ status: 'processed', outcome: 'order-failed' });
    const history = await harness.app.inject({ method: 'GET', url: '/payments/history', headers: await userHeaders(userId) });
    expect(history.json().data[0]).toMatchObject({ status: 'failed' });

    const checkout = harness.razorpay.pay(order.orderId);
    const verified = await harness.app.inject({
      method: 'POST',
      url: '/payments/verify',
      headers: await userHeaders(userId),
      payload: { ...checkout, plan: 'pro' },
    });
    expect(verified.statusCode).toBe(200);
    expect((await entitlementsOf(harness.app, userId)).plan).toBe('pro');
  });

  it('answers 400 for a body that is not JSON', async () => {
    expect((await deliver('not json')).statusCode).toBe(400);
  });
});
