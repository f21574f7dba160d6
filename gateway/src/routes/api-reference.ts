// GET /api/reference: the interactive reference (Scalar's renderer), self-contained: the page, the renderer's
// bundle and the boot script are served from our origin, no CDN.
import { AppError, type RoutesPlugin } from '@mailwright/kit';
import { REFERENCE_HTML, REFERENCE_JS } from './api-reference-page';
import { scalarBundle } from './scalar-bundle';

export const apiReferenceRoutes: RoutesPlugin<unknown> = async (app) => {
  app.get('/api/reference', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(REFERENCE_HTML),
  );
  app.get('/api/reference/app.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(REFERENCE_JS),
  );
  app.get('/api/reference/scalar.js', async (_request, reply) => {
    const bundle = await scalarBundle();
    if (!bundle) throw new AppError('SERVICE_UNAVAILABLE', 'The API reference renderer is not installed on this server');
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(bundle);
  });
};
