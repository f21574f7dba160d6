// The listener against a redis-server of its own: started while Redis is away, and across a Redis restart.
import { type ChildProcess, spawn } from 'node:child_process';
import { REVOCATIONS_CHANNEL, type Revocation } from '@mailwright/contracts';
import { freePort } from '@mailwright/kit/testing';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/support/stand-in-services';
import { RevocationListener } from './revocation-listener';

const quietLog = { warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function startRedis(port: number): ChildProcess {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  cleanups.push(() => child.kill('SIGKILL'));
  return child;
}

function listen(port: number) {
  const revoked: Revocation[] = [];
  let resyncs = 0;
  const listener = new RevocationListener(
    `redis://127.0.0.1:${port}`,
    { revoke: (revocation) => revoked.push(revocation), resync: () => (resyncs += 1) },
    quietLog,
  );
  cleanups.push(() => listener.close());
  return { listener, revoked, resyncs: () => resyncs };
}

/** Publishes until the listener has it (a subscription made in the background may not be in place yet). */
async function publishUntilHeard(port: number, revocation: Revocation, revoked: Revocation[]): Promise<void> {
  const publisher = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 1 });
  publisher.on('error', () => {});
  try {
    await waitUntil(
      'the revocation heard',
      async () => {
        await publisher.publish(REVOCATIONS_CHANNEL, JSON.stringify(revocation)).catch(() => 0);
        return revoked.some((seen) => JSON.stringify(seen) === JSON.stringify(revocation)) ? true : undefined;
      },
      15_000,
    );
  } finally {
    publisher.disconnect();
  }
}

describe('RevocationListener', () => {
  it('subscribes once Redis comes up, even if it was away when the gateway started', async () => {
    const port = await freePort();
    const { listener, revoked } = listen(port);
    await listener.start(200);
    startRedis(port);
    await publishUntilHeard(port, { kind: 'api-key', apiKeyId: 'k1' }, revoked);
  });

  it('starts its caches over after a reconnect, and keeps hearing revocations', async () => {
    const port = await freePort();
    const redis = startRedis(port);
    const { listener, revoked, resyncs } = listen(port);
    await listener.start(5_000);
    await publishUntilHeard(port, { kind: 'sessions', userId: 'u1', sessionVersion: 1 }, revoked);
    expect(resyncs()).toBe(0);
    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));
    startRedis(port);
    await waitUntil('a resync', () => (resyncs() > 0 ? true : undefined), 15_000);
    await publishUntilHeard(port, { kind: 'sessions', userId: 'u1', sessionVersion: 2 }, revoked);
  });
});
