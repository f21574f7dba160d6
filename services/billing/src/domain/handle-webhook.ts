// Razorpay webhooks: activate the plan when the browser never came back from checkout. The signature
// covers the raw body bytes; each event id is recorded in the same transaction as its effect, so a
// retried or duplicated delivery is processed once and a failed one is retried by Razorpay.
import { createHash } from 'node:crypto';
import { AppError } from '@mailwright/kit';
import type { Executor } from '../db/client';
import { findOrderByRazorpayId, markOrderFailed } from '../db/queries/orders';
import { claimWebhookEvent, recordWebhookOutcome } from '../db/queries/webhook-events';
import type { BillingDeps } from '../deps';
import { activatePaidOrder } from './activate-paid-order';
import { paymentsNotConfigured } from './errors';
import { isValidWebhookSignature } from './signatures';

interface PaymentEntity {
  id?: string;
  order_id?: string;
  amount?: number;
}

interface RazorpayEvent {
  id?: string;
  event?: string;
  payload?: {
    payment?: { entity?: PaymentEntity };
    order?: { entity?: { id?: string } };
  };
}

export interface WebhookDelivery {
  rawBody: Buffer;
  signature: string | undefined;
  eventId: string | undefined;
}

export interface WebhookResult {
  status: 'processed' | 'duplicate';
  outcome?: string;
}

function parseEvent(rawBody: Buffer): RazorpayEvent {
  try {
    const parsed: unknown = JSON.parse(rawBody.toString('utf8'));
    if (parsed && typeof parsed === 'object') return parsed as RazorpayEvent;
  } catch {
    // fall through
  }
  throw new AppError('BAD_REQUEST', 'Webhook body is not a JSON object');
}

async function processEvent(deps: Pick<BillingDeps, 'log'>, tx: Executor, event: RazorpayEvent, now: Date): Promise<string> {
  const payment = event.payload?.payment?.entity;
  const razorpayOrderId = payment?.order_id ?? event.payload?.order?.entity?.id;
  switch (event.event) {
    case 'payment.captured':
    case 'order.paid': {
      if (!razorpayOrderId || !payment?.id) return 'ignored: no order or payment id';
      const order = await findOrderByRazorpayId(tx, razorpayOrderId);
      if (!order) return 'ignored: unknown order';
      if (typeof payment.amount === 'number' && payment.amount !== order.amount) {
        deps.log.warn(
          { orderId: order.id, paid: payment.amount, due: order.amount },
          'webhook payment amount differs from the order',
        );
        return 'ignored: amount differs from the order';
      }
      return activatePaidOrder(tx, order, payment.id, now, 'webhook');
    }
    case 'payment.failed': {
      if (!razorpayOrderId) return 'ignored: no order id';
      const order = await findOrderByRazorpayId(tx, razorpayOrderId);
      if (!order) return 'ignored: unknown order';
      return (await markOrderFailed(tx, order.id)) ? 'order-failed' : 'ignored: order not open';
    }
    default:
      return 'ignored: event not handled';
  }
}

export async function handleWebhook(
  deps: Pick<BillingDeps, 'db' | 'now' | 'webhookSecret' | 'log'>,
  delivery: WebhookDelivery,
): Promise<WebhookResult> {
  if (!deps.webhookSecret) throw paymentsNotConfigured();
  if (!delivery.signature || !isValidWebhookSignature(deps.webhookSecret, delivery.rawBody, delivery.signature)) {
    throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
  }
  const event = parseEvent(delivery.rawBody);
  const eventId =
    delivery.eventId || (typeof event.id === 'string' && event.id) || createHash('sha256').update(delivery.rawBody).digest('hex');
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    if (!(await claimWebhookEvent(tx, eventId, String(event.event ?? 'unknown'), now))) return { status: 'duplicate' };
    const outcome = await processEvent(deps, tx, event, now);
    await recordWebhookOutcome(tx, eventId, outcome);
    return { status: 'processed', outcome };
  });
}
