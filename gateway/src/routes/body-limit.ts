// A prefix's body limit, held at the edge for every body: a declared length over the limit is refused before
// anything is forwarded; a chunked body (no length) is counted as it streams to the service and cut off at the
// limit, and the proxy then answers 413 instead of the 503 of a broken upstream request.
import { pipeline, Transform } from 'node:stream';
import { AppError } from '@mailwright/kit';
import type { FastifyRequest } from 'fastify';

const cutOff = new WeakSet<FastifyRequest>();

const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`);

export const bodyTooLarge = (limit: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `Request body is too large: the limit is ${formatBytes(limit)}`);

/** Throws for a declared length over `limit`; puts a counting stream in front of a body without one. */
export function holdBodyLimit(request: FastifyRequest, limit: number): void {
  const declared = request.headers['content-length'];
  if (declared !== undefined) {
    if (Number(declared) > limit) throw bodyTooLarge(limit);
    return;
  }
  const body = request.body as NodeJS.ReadableStream | undefined;
  if (!body || typeof body.pipe !== 'function') return;
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen <= limit) return callback(null, chunk);
      cutOff.add(request);
      callback(bodyTooLarge(limit));
    },
  });
  pipeline(body, counter, (error) => {
    if (error && !cutOff.has(request)) request.log.debug({ err: error }, 'request body stream ended early');
  });
  request.body = counter;
}

/** True when the proxied request failed because holdBodyLimit cut its body off. */
export const wasCutOff = (request: FastifyRequest) => cutOff.has(request);
