// GET /api/openapi.json: the services' generated documents merged under the public prefixes (cached a minute;
// a service that does not answer is left out and the result is cached only briefly).
import { type RoutesPlugin, TtlCache } from '@mailwright/kit';
import type { GatewayDeps } from '../deps';
import { apiDescription } from './openapi/api-description';
import { mergeDocuments, type ServiceDocument } from './openapi/merge-documents';
import { upstreams } from './upstreams';

const FULL_TTL_MS = 60_000;
const PARTIAL_TTL_MS = 5_000;

export const openApiRoutes: RoutesPlugin<Pick<GatewayDeps, 'config' | 'planLimits'>> = async (app, { deps }) => {
  const { config, planLimits } = deps;
  const cache = new TtlCache<'document', unknown>({ ttlMs: FULL_TTL_MS, maxEntries: 1 });

  async function load(): Promise<unknown> {
    const cached = cache.peek('document');
    if (cached !== undefined) return cached;
    const services = new Map(upstreams.map((upstream) => [upstream.service, upstream.url(config)]));
    const results = await Promise.all(
      [...services].map(async ([service, url]): Promise<ServiceDocument | null> => {
        try {
          const response = await fetch(`${url}/openapi.json`, { signal: AbortSignal.timeout(3_000) });
          if (!response.ok) return null;
          return { service, document: (await response.json()) as ServiceDocument['document'] };
        } catch {
          return null;
        }
      }),
    );
    const documents = results.filter((result): result is ServiceDocument => result !== null);
    const document = mergeDocuments(
      documents,
      upstreams,
      config.PUBLIC_URL,
      apiDescription(planLimits.table, config.RATE_LIMIT_API_MAX, config.RATE_LIMIT_API_KEYS_PER_ACCOUNT),
    );
    return cache.set('document', document, documents.length === services.size ? FULL_TTL_MS : PARTIAL_TTL_MS);
  }

  app.get('/api/openapi.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return load();
  });
};
