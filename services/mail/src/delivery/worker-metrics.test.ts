import { MetricsRegistry } from '@mailwright/kit';
import { freePort } from '@mailwright/kit/testing';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { listenForMetrics } from './worker-metrics';

const redis = { ping: async () => 'PONG' } as unknown as Redis;
const registry = () => new MetricsRegistry('mail-worker', { defaultMetrics: false });

describe("the worker's metrics listener", () => {
  it('listens on loopback only unless configured', async () => {
    const listener = await listenForMetrics(registry(), await freePort(), redis);
    try {
      const base = `http://127.0.0.1:${listener?.port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(200);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
    } finally {
      await listener?.close();
    }
  });

  it('refuses a non-loopback address without METRICS_TOKEN', async () => {
    await expect(listenForMetrics(registry(), await freePort(), redis, { host: '0.0.0.0' })).rejects.toThrow(
      /METRICS_TOKEN is missing: metrics would listen on 0\.0\.0\.0 \(WORKER_METRICS_HOST\)/,
    );
  });

  it('on a configured address, serves /metrics only with the bearer token and keeps the probes open', async () => {
    const listener = await listenForMetrics(registry(), await freePort(), redis, { host: '0.0.0.0', token: 'worker-scrape' });
    try {
      const base = `http://127.0.0.1:${listener?.port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer worker-scrape' } })).status).toBe(200);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      await listener?.close();
    }
  });
});
