// Records which API key made each call the service accepted (< 400), for identity's "last used"; the reporter
// (adapters/identity/api-key-usage.ts) batches them off the request path. A refused call never counts.
import type { FastifyInstance } from 'fastify';
import type { ApiKeyUsageReporter } from '../adapters/identity/api-key-usage';

export function recordApiKeyUsage(app: FastifyInstance, usage: ApiKeyUsageReporter): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (request.apiKeyId !== undefined && reply.statusCode < 400) usage.record(request.apiKeyId);
    done();
  });
}
