// The gateway's own metrics: on the public port only behind METRICS_TOKEN, else on the internal listener
// (server.ts, METRICS_PORT). Services' /metrics are never proxied (no upstream prefix reaches them).
import { installMetrics, processMetrics } from '@mailwright/kit';
import type { FastifyInstance } from 'fastify';

export function installGatewayMetrics(app: FastifyInstance, metricsToken: string): void {
  installMetrics(app, {
    metrics: processMetrics('gateway'),
    token: metricsToken || undefined,
    serveRoute: metricsToken !== '',
  });
  if (metricsToken === '') {
    // Not the web app's page either: a scraper pointed here should see plainly that there is nothing to read.
    app.get('/metrics', { logLevel: 'silent' }, async (_request, reply) =>
      reply.status(404).send({ message: 'Route GET /metrics not found', code: 'NOT_FOUND' }),
    );
  }
}
