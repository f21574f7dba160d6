// One try of one delivery: POST the signed payload, record the attempt, and decide what happens next.
// Shared by the worker (with retries) and the "send test event" route (a single try).
import { WEBHOOK_MESSAGES, WEBHOOK_SIGNATURE_HEADER } from '@mailwright/contracts';
import { requestPublicUrl, type SecretBox, TargetError } from '@mailwright/kit';
import type pg from 'pg';
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

interface DeliveryTarget {
  id: string;
  status: string;
  attempts: number;
  created_at: Date;
  payload: unknown;
  event: string;
  endpoint_id: string;
  url: string;
  secret_sealed: string;
  enabled: boolean;
}

const LOAD = `
SELECT d.id, d.status, d.attempts, d.created_at, d.payload, d.event, w.id AS endpoint_id, w.url, w.secret_sealed, w.enabled
FROM mail.webhook_deliveries d JOIN mail.webhook_endpoints w ON w.id = d.endpoint_id
WHERE d.id = $1`;

const RECORD = `
UPDATE mail.webhook_deliveries
SET attempts = attempts + 1, status = $2, response_status = $3, error = $4, last_attempt_at = now(),
    next_attempt_at = $5, attempt_log = attempt_log || jsonb_build_array($6::jsonb)
WHERE id = $1`;

const ENDPOINT_OK = 'UPDATE mail.webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL';

/** Marks the endpoint failing since its first failure after a success. */
const ENDPOINT_FAILED = `
UPDATE mail.webhook_endpoints SET failing_since = coalesce(failing_since, now())
WHERE id = $1
RETURNING enabled, failing_since`;

const DISABLE = `
UPDATE mail.webhook_endpoints SET enabled = false, disabled_at = now(), disabled_reason = $2, updated_at = now()
WHERE id = $1 AND enabled`;

async function succeededSince(pool: pg.Pool, endpointId: string, since: number): Promise<boolean> {
  const { rows } = await pool.query(
    "SELECT 1 FROM mail.webhook_deliveries WHERE endpoint_id = $1 AND status = 'succeeded' AND last_attempt_at >= $2 LIMIT 1",
    [endpointId, new Date(since)],
  );
  return rows.length > 0;
}

export async function attemptDelivery(deps: DeliveryDeps, deliveryId: string): Promise<DeliveryOutcome> {
  const { rows } = await deps.pool.query<DeliveryTarget>(LOAD, [deliveryId]);
  const target = rows[0];
  if (!target || target.status === 'succeeded' || target.status === 'failed') return 'skipped';
  if (!target.enabled) {
    await deps.pool.query(
      "UPDATE mail.webhook_deliveries SET status = 'failed', error = $2, next_attempt_at = NULL WHERE id = $1",
      [deliveryId, 'The endpoint is disabled'],
    );
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
    await deps.pool.query(RECORD, [deliveryId, 'succeeded', responseStatus, null, null, JSON.stringify(attempt)]);
    await deps.pool.query(ENDPOINT_OK, [target.endpoint_id]);
    return 'succeeded';
  }

  const endpoint = await deps.pool.query<{ enabled: boolean; failing_since: Date }>(ENDPOINT_FAILED, [target.endpoint_id]);
  const failingSince = endpoint.rows[0] ? new Date(endpoint.rows[0].failing_since).getTime() : Date.now();
  const delay = retryDelay(deps.policy, target.attempts + 1);
  const createdAt = new Date(target.created_at).getTime();
  const givingUp = Date.now() + delay > createdAt + deps.policy.windowMs;
  // Failing for the whole window: by the clock since the endpoint's first failure after a success, or this
  // delivery used up its window without any delivery to the endpoint succeeding meanwhile.
  const failedForWindow =
    Date.now() - failingSince >= deps.policy.windowMs ||
    (givingUp && !(await succeededSince(deps.pool, target.endpoint_id, createdAt)));
  let stillEnabled = endpoint.rows[0]?.enabled ?? false;
  if (stillEnabled && failedForWindow) {
    const reason = WEBHOOK_MESSAGES.disabledAfterFailures(formatDuration(deps.policy.windowMs), error);
    await deps.pool.query(DISABLE, [target.endpoint_id, reason]);
    stillEnabled = false;
  }
  const willRetry = stillEnabled && !givingUp;
  await deps.pool.query(RECORD, [
    deliveryId,
    willRetry ? 'retrying' : 'failed',
    responseStatus,
    error,
    willRetry ? new Date(Date.now() + delay) : null,
    JSON.stringify(attempt),
  ]);
  return willRetry ? 'retry' : 'failed';
}
