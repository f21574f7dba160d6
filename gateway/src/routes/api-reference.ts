// GET /api/reference: the interactive reference, self-contained (served from our origin, no CDN).
import type { RoutesPlugin } from '@mailwright/kit';
import { REFERENCE_CSS, REFERENCE_HTML, REFERENCE_JS } from './api-reference-page';

export const apiReferenceRoutes: RoutesPlugin<unknown> = async (app) => {
  app.get('/api/reference', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(REFERENCE_HTML),
  );
  app.get('/api/reference/app.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(REFERENCE_JS),
  );
  app.get('/api/reference/style.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(REFERENCE_CSS),
  );
};
