// One try of one delivery: POST the signed payload, record the attempt, and decide what happens next.
// Shared by the worker (with retries) and the "send test event" route (a single try).
import { WEBHOOK_MESSAGES, WEBHOOK_SIGNATURE_HEADER } from '@mailwright/contracts';
import { requestPublicUrl, type SecretBox, TargetError } from '@mailwright/kit';
import type pg from 'pg';
import {
  disableEndpoint,
  failDelivery,
  hasSucceededSince,
  loadDeliveryTarget,
  markEndpointFailing,
  markEndpointOk,
  recordAttempt,
} from '../db/queries/webhook-attempts';
import { formatDuration, type RetryPolicy, retryDelay } from './retry-policy';
import { signatureHeader } from './signature';

export interface DeliveryDeps {
  pool: pg.Pool;
  box: SecretBox;
  policy: RetryPolicy;
  allowPrivate: boolean;
  timeoutMs: number;
}

export type DeliveryOutcome = 'succeeded' | 'retry' | 'failed' | 'skipped';

export async function attemptDelivery(deps: DeliveryDeps, deliveryId: string): Promise<DeliveryOutcome> {
  const target = await loadDeliveryTarget(deps.pool, deliveryId);
  if (!target || target.status === 'succeeded' || target.status === 'failed') return 'skipped';
  if (!target.enabled) {
    await failDelivery(deps.pool, deliveryId, 'The endpoint is disabled');
    return 'failed';
  }

  const body = JSON.stringify(target.payload);
  const started = Date.now();
  let responseStatus: number | null = null;
  let error: string | null = null;
  try {
    const secret = deps.box.open(target.secret_sealed);
    const response = await requestPublicUrl(
      target.url,
      { allowPrivate: deps.allowPrivate },
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Mailwright-Webhooks/1.0',
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, body),
          'Mailwright-Event': target.event,
          'Mailwright-Delivery': target.id,
        },
        body,
        timeoutMs: deps.timeoutMs,
        maxBytes: 16 * 1024,
        truncate: true,
      },
    );
    responseStatus = response.status;
    if (response.status < 200 || response.status >= 300) error = `The endpoint answered HTTP ${response.status}`;
  } catch (caught) {
    error =
      caught instanceof TargetError && caught.problem === 'private'
        ? WEBHOOK_MESSAGES.urlPrivate
        : caught instanceof TargetError && caught.problem === 'unresolvable'
          ? WEBHOOK_MESSAGES.urlUnresolvable
          : caught instanceof TargetError && caught.problem === 'scheme'
            ? WEBHOOK_MESSAGES.urlInvalid
            : `Request failed: ${caught instanceof Error ? caught.message || (caught as NodeJS.ErrnoException).code : String(caught)}`;
  }
  const durationMs = Date.now() - started;
  const attempt = {
    attempt: target.attempts + 1,
    at: new Date(started).toISOString(),
    responseStatus,
    error,
    durationMs,
    succeeded: error === null,
  };

  if (error === null) {
    await recordAttempt(deps.pool, deliveryId, {
      status: 'succeeded',
      responseStatus,
      error: null,
      nextAttemptAt: null,
      attempt,
    });
    await markEndpointOk(deps.pool, target.endpoint_id);
    return 'succeeded';
  }

  const endpoint = await markEndpointFailing(deps.pool, target.endpoint_id);
  const failingSince = endpoint ? new Date(endpoint.failing_since).getTime() : Date.now();
  const delay = retryDelay(deps.policy, target.attempts + 1);
  const createdAt = new Date(target.created_at).getTime();
  const givingUp = Date.now() + delay > createdAt + deps.policy.windowMs;
  // Failing for the whole window: by the clock since the endpoint's first failure after a success, or this
  // delivery used up its window without any delivery to the endpoint succeeding meanwhile.
  const failedForWindow =
    Date.now() - failingSince >= deps.policy.windowMs ||
    (givingUp && !(await hasSucceededSince(deps.pool, target.endpoint_id, createdAt)));
  let stillEnabled = endpoint?.enabled ?? false;
  if (stillEnabled && failedForWindow) {
    const reason = WEBHOOK_MESSAGES.disabledAfterFailures(formatDuration(deps.policy.windowMs), error);
    await disableEndpoint(deps.pool, target.endpoint_id, reason);
    stillEnabled = false;
  }
  const willRetry = stillEnabled && !givingUp;
  await recordAttempt(deps.pool, deliveryId, {
    status: willRetry ? 'retrying' : 'failed',
    responseStatus,
    error,
    nextAttemptAt: willRetry ? new Date(Date.now() + delay) : null,
    attempt,
  });
  return willRetry ? 'retry' : 'failed';
}
