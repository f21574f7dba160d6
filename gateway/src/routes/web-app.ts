// Serves the built web app (web/dist) with an SPA fallback: unknown GET paths outside /api get index.html.
// Files go out as the build's brotli or gzip copies when the browser accepts them (web/build/precompress.ts);
// hashed files under /assets never change, so browsers keep them a year, while index.html is revalidated.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { RoutesPlugin } from '@mailwright/kit';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const PAGE_CACHE = 'no-cache';
const OTHER_FILE_CACHE = 'public, max-age=3600';

/** The Cache-Control of a file of the build, by its path relative to the build folder. */
export function cacheControlFor(relativePath: string): string {
  const file = relativePath.split(path.sep).join('/');
  if (file.startsWith('assets/')) return IMMUTABLE_CACHE;
  if (file === 'index.html' || file.startsWith('index.html.')) return PAGE_CACHE;
  return OTHER_FILE_CACHE;
}

export const webAppRoutes: RoutesPlugin<{ distDir: string }> = async (app, { deps }) => {
  const { distDir } = deps;
  const hasWebApp = existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a gateway restart.
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(path.relative(distDir, filePath))),
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build -w web`; serving the API only');
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const isPageRequest = request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/t/');
    if (hasWebApp && isPageRequest && !path.startsWith('/assets/')) {
      return reply.header('cache-control', PAGE_CACHE).sendFile('index.html');
    }
    return reply.status(404).send({ message: `Route ${request.method} ${path} not found`, code: 'NOT_FOUND' });
  });
};
