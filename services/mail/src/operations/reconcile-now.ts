// The reconciler's pass, run by an operator now (`npm run admin -- reconcile`), e.g. after Redis lost its data:
// every unfinished email whose job is missing gets one. It takes the workers' reconciler lock, so it never runs
// beside a worker's pass; when a worker holds it, it waits for that pass to end.
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Logger } from 'pino';
import { DEFAULT_RECONCILE_OPTIONS, Reconciler, reconcilerLockKey } from '../delivery/reconciler';
import { openQueue } from '../queues/open-queue';
import { SEND_QUEUE, type SendJobData } from '../queues/send-queue';

const LOCK_WAIT_MS = 250;

/** Runs one pass; answers how many emails got a job, or null when workers kept the lock for `waitMs`. */
export async function reconcileNow(
  pool: pg.Pool,
  connection: Redis,
  prefix: string,
  log: Logger,
  waitMs = 30_000,
): Promise<number | null> {
  const queue = openQueue<SendJobData>(SEND_QUEUE, connection, prefix);
  const reconciler = new Reconciler(pool, queue, connection, reconcilerLockKey(prefix), log, DEFAULT_RECONCILE_OPTIONS);
  const deadline = Date.now() + waitMs;
  try {
    for (;;) {
      const enqueued = await reconciler.runOnce();
      if (enqueued !== null || Date.now() >= deadline) return enqueued;
      await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_MS));
    }
  } finally {
    await queue.close();
  }
}
