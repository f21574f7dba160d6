import { describe, expect, it } from 'vitest';
import { MetricsRegistry } from './metrics';
import { pingDatabase } from './ping-database';
import { createServiceApp } from './service';

const config = {
  INTERNAL_SECRET: 'service-test-secret-0123456789-abcdefghij',
  METRICS_TOKEN: 'scrape-token',
  LOG_LEVEL: 'silent',
};

describe('createServiceApp from a service config', () => {
  it('reads the shared settings and runs the readiness checks it is given', async () => {
    const app = createServiceApp('config-test', config, {
      readiness: { database: async () => {} },
      metrics: new MetricsRegistry('config-test'),
    });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const scraped = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-token' } });
      expect(scraped.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('pingDatabase', () => {
  it('runs select 1 on a pool or on the pool a drizzle handle holds', async () => {
    const statements: string[] = [];
    const pool = { query: async (text: string) => statements.push(text) };
    await pingDatabase(pool as never);
    await pingDatabase({ $client: pool } as never);
    expect(statements).toEqual(['select 1', 'select 1']);
  });
});
