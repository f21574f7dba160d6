// /healthz says the process is alive; /readyz runs the service's real dependency checks.
import type { FastifyInstance } from 'fastify';

export type ReadinessCheck = () => Promise<unknown>;

export function installHealth(app: FastifyInstance, checks: Record<string, ReadinessCheck>): void {
  app.get('/healthz', { logLevel: 'silent' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'silent' }, async (_request, reply) => {
    const results: Record<string, string> = {};
    let ready = true;
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await Promise.race([
            check(),
            new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 2000).unref()),
          ]);
          results[name] = 'ok';
        } catch (error) {
          ready = false;
          results[name] = error instanceof Error ? error.message : 'failed';
        }
      }),
    );
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: results });
  });
}
