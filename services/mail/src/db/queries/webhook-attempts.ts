// The statements of one webhook delivery try: load its target, record the attempt, keep the endpoint's
// failing-since clock, disable an endpoint that failed for the whole window.
import type pg from 'pg';

export interface DeliveryTarget {
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

export interface AttemptRecord {
  status: 'succeeded' | 'retrying' | 'failed';
  responseStatus: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
  /** One entry of the delivery's attempt log. */
  attempt: Record<string, unknown>;
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

export async function loadDeliveryTarget(pool: pg.Pool, deliveryId: string): Promise<DeliveryTarget | undefined> {
  const { rows } = await pool.query<DeliveryTarget>(LOAD, [deliveryId]);
  return rows[0];
}

export async function failDelivery(pool: pg.Pool, deliveryId: string, error: string): Promise<void> {
  await pool.query("UPDATE mail.webhook_deliveries SET status = 'failed', error = $2, next_attempt_at = NULL WHERE id = $1", [
    deliveryId,
    error,
  ]);
}

export async function recordAttempt(pool: pg.Pool, deliveryId: string, record: AttemptRecord): Promise<void> {
  await pool.query(RECORD, [
    deliveryId,
    record.status,
    record.responseStatus,
    record.error,
    record.nextAttemptAt,
    JSON.stringify(record.attempt),
  ]);
}

export async function markEndpointOk(pool: pg.Pool, endpointId: string): Promise<void> {
  await pool.query(ENDPOINT_OK, [endpointId]);
}

/** The endpoint's state after this failure: whether it is still enabled and since when it has been failing. */
export async function markEndpointFailing(
  pool: pg.Pool,
  endpointId: string,
): Promise<{ enabled: boolean; failing_since: Date } | undefined> {
  const { rows } = await pool.query<{ enabled: boolean; failing_since: Date }>(ENDPOINT_FAILED, [endpointId]);
  return rows[0];
}

export async function disableEndpoint(pool: pg.Pool, endpointId: string, reason: string): Promise<void> {
  await pool.query(DISABLE, [endpointId, reason]);
}

export async function hasSucceededSince(pool: pg.Pool, endpointId: string, since: number): Promise<boolean> {
  const { rows } = await pool.query(
    "SELECT 1 FROM mail.webhook_deliveries WHERE endpoint_id = $1 AND status = 'succeeded' AND last_attempt_at >= $2 LIMIT 1",
    [endpointId, new Date(since)],
  );
  return rows.length > 0;
}
