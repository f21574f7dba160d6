// Security headers for the web app and API; the CSP allows only our origin plus Razorpay's checkout.
// Helmet decides the headers once, at start-up: its middleware is run against a recording response and the
// headers it set are then set on every answer's reply (the proxied answers take them from there, forwarder.ts). Per request, helmet's chain of a dozen middlewares
// (each a closure call and a setHeader) cost ~4% of the gateway's CPU per proxied request; @fastify/helmet,
// before that, rebuilt the middleware (re-parsing the CSP) on every request, ~30 µs.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

type HeaderOperation = { set: string; value: string | number | readonly string[] } | { remove: string };

/** Every answer's security headers (lowercase names), for the gateway and for the edge's nginx (infra/edge). */
export function securityHeaders(checkoutScriptUrl: string): Record<string, string> {
  const checkoutOrigin = new URL(checkoutScriptUrl).origin;
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", checkoutOrigin],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", checkoutOrigin, 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
        frameSrc: ["'self'", checkoutOrigin, 'https://api.razorpay.com'],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // Only sets: nothing earlier in a request puts a header on the response that a remove would take off again.
  const headers: Record<string, string | number | readonly string[]> = {};
  for (const operation of recordHeaders(setHeaders)) {
    if ('set' in operation) headers[operation.set.toLowerCase()] = operation.value;
    else delete headers[operation.remove.toLowerCase()];
  }
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
  );
}

export async function registerSecurityHeaders(app: FastifyInstance, checkoutScriptUrl: string): Promise<void> {
  const headers = securityHeaders(checkoutScriptUrl);
  const names = Object.keys(headers);
  // On the reply, not the raw response: they leave with the answer's own headers in one writeHead, which validates
  // each header once (a header set on the raw response is validated when set and again when written).
  app.addHook('onRequest', (_request, reply, done) => {
    for (const name of names) reply.header(name, headers[name]);
    done();
  });
}

/**
 * The header operations helmet's middleware makes, read once from a response that only records them. The headers
 * configured here do not depend on the request (no nonces, no per-request directives); a middleware that reads
 * anything else of the response fails here, at start-up.
 */
function recordHeaders(
  middleware: (request: never, response: ServerResponse, next: (error?: unknown) => void) => void,
): HeaderOperation[] {
  const operations: HeaderOperation[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      operations.push({ set: name, value });
      return recorder;
    },
    removeHeader: (name: string) => {
      operations.push({ remove: name });
    },
  };
  let failure: unknown;
  middleware({} as never, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return operations;
}
