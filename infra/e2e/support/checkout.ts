// Buys a plan through the gateway the way the browser does: create-order, stand-in checkout, verify.
import { inject } from 'vitest';
import { api } from './api';

export async function upgrade(token: string, plan: 'pro' | 'enterprise') {
  const order = await api<{ orderId: string; amount: number; currency: string; keyId: string; checkoutUrl: string }>(
    '/api/payments/create-order',
    { token, body: { plan } },
  );
  if (order.status !== 200 && order.status !== 201) throw new Error(`create-order failed: ${order.status} ${order.text}`);
  const paid = await fetch(`${inject('checkoutOrigin')}/pay?order_id=${encodeURIComponent(order.body.orderId)}`, {
    method: 'POST',
  });
  const checkout = (await paid.json()) as Record<string, string>;
  const verify = await api('/api/payments/verify', { token, body: { ...checkout, plan } });
  return { order, checkout, verify };
}

/** Back to the free plan at once (POST /api/payments/cancel), as a user leaving a paid plan does. */
export async function cancelToFree(token: string): Promise<void> {
  const cancelled = await api('/api/payments/cancel', { token, body: {} });
  if (cancelled.status !== 200) throw new Error(`cancel failed: ${cancelled.status} ${cancelled.text}`);
}
