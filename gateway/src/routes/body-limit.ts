// A prefix's body limit, held at the edge for every body: a declared length over the limit is refused before
// anything is forwarded; a chunked body (no length) is counted as it streams to the service and cut off at the
// limit, and the proxy then answers 413 instead of the 503 of a broken upstream request. The rest of a cut-off
// body is read and dropped for a while (a lingering close): closing a socket with unread bytes makes the kernel
// send a reset, and a reset makes the client's kernel drop the 413 it has not read yet.
import { Transform } from 'node:stream';
import { AppError } from '@mailwright/kit';
import type { FastifyRequest } from 'fastify';

const cutOff = new WeakSet<FastifyRequest>();

/** How much of a cut-off body is still read and dropped, and for how long, before the connection is closed. */
const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 5_000;

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
  body.pipe(counter);
  body.on('error', (error) => {
    request.log.debug({ err: error }, 'request body stream ended early');
    counter.destroy(error);
  });
  counter.on('error', () => {
    if (!cutOff.has(request)) return;
    body.unpipe(counter);
    dropTheRest(request, body);
  });
  request.body = counter;
}

function dropTheRest(request: FastifyRequest, body: NodeJS.ReadableStream): void {
  let dropped = 0;
  const close = () => request.raw.socket?.destroy();
  const timer = setTimeout(close, LINGER_MS).unref();
  body.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) close();
  });
  body.on('end', () => clearTimeout(timer));
  body.on('close', () => clearTimeout(timer));
  body.resume();
}

/** True when the proxied request failed because holdBodyLimit cut its body off. */
export const wasCutOff = (request: FastifyRequest) => cutOff.has(request);
