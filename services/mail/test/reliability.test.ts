import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EmailLog } from '@mailwright/contracts';
import { TEST_INTERNAL_SECRET } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, waitFor } from './support/harness';

const h = new Harness('reliability');
beforeAll(() => h.start({ worker: false }));
afterAll(() => h.stop());

async function countByStatus(userId: string): Promise<Record<string, number>> {
  const { rows } = await h.pool.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM mail.emails WHERE user_id = $1 GROUP BY status',
    [userId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

function deliveriesPerRecipient(prefix: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of h.smtp.received) {
    for (const address of message.envelopeTo) if (address.startsWith(prefix)) counts.set(address, (counts.get(address) ?? 0) + 1);
  }
  return counts;
}

describe('losing Redis', () => {
  it('sends every accepted email once after its jobs vanished, scheduled ones at their time', async () => {
    const { userId } = h.newUser();
    h.services.setPlan(userId, 'enterprise');
    // Far enough ahead that 40 sends on a loaded machine are all accepted before it.
    const at = new Date(Date.now() + 8_000);
    for (let i = 0; i < 40; i += 1) {
      const scheduledAt = i % 4 === 0 ? at.toISOString() : undefined;
      const response = await h.send(userId, { to: [`lost${i}@example.net`], subject: `Lost ${i}`, body: 'b', scheduledAt });
      expect(response.statusCode).toBe(201);
    }
    expect(await h.flushQueues()).toBeGreaterThan(0); // what FLUSHALL does to this installation's keys

    await h.startWorker();
    await waitFor(async () => (await countByStatus(userId)).sent === 40, 30_000);
    const counts = deliveriesPerRecipient('lost');
    expect(counts.size).toBe(40);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const numberOf = (address: string) => Number(/^lost(\d+)@/.exec(address)?.[1] ?? -1);
    const scheduled = h.smtp.received.filter((m) => m.envelopeTo.some((a) => a.startsWith('lost') && numberOf(a) % 4 === 0));
    expect(scheduled).toHaveLength(10);
    expect(scheduled.every((m) => m.receivedAt >= at.getTime())).toBe(true);
    await h.stopWorker();
  });

  it('re-sends an email whose worker died while holding its claim', async () => {
    const { userId } = h.newUser();
    const email = (await h.send(userId, { to: ['claimed@example.net'], subject: 'Claimed', body: 'b' })).json<{
      data: EmailLog;
    }>().data;
    await h.flushQueues();
    await h.pool.query(
      "UPDATE mail.emails SET status = 'sending', claim_token = 'dead-worker', claimed_at = now() - interval '1 minute', attempts = 1 WHERE id = $1",
      [email.id],
    );
    await h.startWorker();
    await waitFor(async () => (await h.emailStatus(email.id)) === 'sent', 10_000);
    expect(h.smtp.to('claimed@example.net')).toHaveLength(1);
    await h.stopWorker();
  });
});

describe('a worker killed with SIGKILL mid-batch', () => {
  let child: ChildProcess | null = null;
  afterAll(() => {
    child?.kill('SIGKILL');
  });

  const RESULT_STATEMENTS_IN_FLIGHT = 3;

  it('loses nothing: a second worker finishes, duplicates bounded by the jobs in flight', async () => {
    const total = 600;
    const childConcurrency = 5;
    const { userId } = h.newUser();
    h.services.setPlan(userId, 'enterprise');
    for (let i = 0; i < total; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          h.send(userId, { to: [`kill${i + j}@example.net`], subject: `Kill ${i + j}`, body: 'b' }),
        ),
      );
      expect(batch.every((r) => r.statusCode === 201)).toBe(true);
    }
    h.smtp.answerAfter = 15;

    const packageDir = fileURLToPath(new URL('..', import.meta.url));
    child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: packageDir,
      env: {
        ...process.env,
        DATABASE_URL: h.config.DATABASE_URL,
        INTERNAL_SECRET: TEST_INTERNAL_SECRET,
        REDIS_URL: h.config.REDIS_URL,
        QUEUE_PREFIX: h.config.QUEUE_PREFIX,
        ACCOUNTS_URL: h.config.ACCOUNTS_URL,
        PUBLIC_URL: h.config.PUBLIC_URL,
        WORKER_CONCURRENCY: String(childConcurrency),
        ALLOW_PRIVATE_TARGETS: 'true',
        WORKER_METRICS_PORT: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(() => deliveriesPerRecipient('kill').size >= 100, 30_000);
    child.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));
    const beforeRescue = deliveriesPerRecipient('kill').size;
    expect(beforeRescue).toBeLessThan(total);

    h.smtp.answerAfter = 0;
    await h.startWorker();
    await waitFor(async () => (await countByStatus(userId)).sent === total, 40_000);
    const counts = deliveriesPerRecipient('kill');
    expect(counts.size).toBe(total);
    const duplicates = [...counts.values()].reduce((sum, n) => sum + (n - 1), 0);
    // In flight at the kill: the sends in progress, and sends the server accepted whose 'sent' waits in one of
    // the results statements claim-emails.ts keeps in flight (maxInFlight 3, each up to one round of sends).
    expect(duplicates).toBeLessThanOrEqual(childConcurrency * (1 + RESULT_STATEMENTS_IN_FLIGHT));
    console.info(`SIGKILL after ${beforeRescue}/${total} delivered: ${duplicates} duplicate(s), none lost`);
    await h.stopWorker();
  }, 90_000);
});
