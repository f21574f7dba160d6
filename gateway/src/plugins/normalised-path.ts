// Puts the normalised URL (routes/request-path.ts) in place before Fastify routes the request, so routing,
// access rules, rate limits and the forwarded path all read the same thing; a refused path answers 400.
// Fastify's rewriteUrl cannot answer, so it remembers the problem, hands the router a harmless '/' (the raw
// path could even fail the router's own decoding, which answers before any hook), and an onRequest hook throws it.
import type { IncomingMessage } from 'node:http';
import { AppError } from '@mailwright/kit';
import type { FastifyInstance } from 'fastify';
import { normaliseUrl } from '../routes/request-path';

const refusedPaths = new WeakMap<IncomingMessage, string>();

/** Fastify's `rewriteUrl` option. */
export function rewriteToNormalisedUrl(request: IncomingMessage): string {
  const rawUrl = request.url ?? '/';
  const normalised = normaliseUrl(rawUrl);
  if (normalised.problem === undefined) return normalised.url;
  refusedPaths.set(request, normalised.problem);
  return '/';
}

export function refuseAmbiguousPaths(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and almost always has nothing to do.
  app.addHook('onRequest', (request, _reply, done) => {
    const problem = refusedPaths.get(request.raw);
    done(problem === undefined ? undefined : new AppError('BAD_REQUEST', problem));
  });
}
