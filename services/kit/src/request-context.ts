// The id of the request (or queued email) the running code serves, kept across awaits, so a service-to-service call
// forwards it as x-request-id and the callee's log lines carry the id the gateway gave the client's request.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

const requestIds = new AsyncLocalStorage<string>();

export const currentRequestId = (): string | undefined => requestIds.getStore();

/** Runs `work` (and everything it awaits) as serving `requestId`; without one it runs as it is. */
export function withRequestId<T>(requestId: string | null | undefined, work: () => T): T {
  return requestId ? requestIds.run(requestId, work) : work();
}

/**
 * Every handler runs with its request's id (Fastify's request.id: the incoming x-request-id, else a new one). Entered
 * in preHandler because the handler is called from that hook's `done`; earlier hooks would lose it across body parsing.
 */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    requestIds.run(request.id, done);
  });
}
