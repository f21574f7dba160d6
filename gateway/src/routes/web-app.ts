// Serves the built web app (web/dist) with an SPA fallback: unknown GET paths outside /api get index.html.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { RoutesPlugin } from '@mailwright/kit';

export const webAppRoutes: RoutesPlugin<{ distDir: string }> = async (app, { deps }) => {
  const { distDir } = deps;
  const hasWebApp = existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a gateway restart.
    await app.register(fastifyStatic, { root: distDir, wildcard: true, index: ['index.html'], maxAge: '1h' });
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build -w web`; serving the API only');
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const isPageRequest = request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/t/');
    if (hasWebApp && isPageRequest && !path.startsWith('/assets/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: `Route ${request.method} ${path} not found`, code: 'NOT_FOUND' });
  });
};
