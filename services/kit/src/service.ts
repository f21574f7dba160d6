// Builds a service's Fastify instance with the shared plumbing, and runs it as a process.
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import closeWithGrace from 'close-with-grace';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { EdgeAuthorizer } from './edge-callers';
import type { BaseServiceConfig } from './env';
import { installErrorHandler, installNotFoundHandler } from './error-handler';
import { registerFormats } from './formats';
import { installHealth, type ReadinessCheck } from './health';
import { installInternalAuth } from './internal-auth';
import { loggerOptions } from './logger';
import { installMetrics, type MetricsRegistry, processMetrics } from './metrics';
import { installOpenApi } from './openapi';
import { shutdownTracing } from './tracing/spans';
import { refuseUnstorableInput } from './unstorable-input';

export interface ServiceOptions {
  name: string;
  internalSecret: string;
  logLevel?: string;
  readiness?: Record<string, ReadinessCheck>;
  bodyLimit?: number;
  /** Defaults to the process-wide registry; GET /metrics serves it. */
  metrics?: MetricsRegistry;
  /** METRICS_TOKEN: when set, GET /metrics requires `Authorization: Bearer <token>` (set it when HOST is not loopback). */
  metricsToken?: string;
  /** On a service the edge forwards API-key requests to: asks about their keys (edge-callers.ts). */
  edge?: EdgeAuthorizer;
}

/** The shared settings createServiceApp reads from a service's Config (see baseServiceConfig). */
export type ServiceAppConfig = Pick<BaseServiceConfig, 'INTERNAL_SECRET' | 'METRICS_TOKEN' | 'LOG_LEVEL'>;

/** What a service adds to its shared settings. */
export type ServiceAppExtras = Pick<ServiceOptions, 'readiness' | 'bodyLimit' | 'metrics' | 'edge'>;

/** A service's app from its Config: `createServiceApp('billing', config, { readiness })`. */
export function createServiceApp(name: string, config: ServiceAppConfig, extras?: ServiceAppExtras): FastifyInstance;
export function createServiceApp(options: ServiceOptions): FastifyInstance;
export function createServiceApp(
  ...args: [name: string, config: ServiceAppConfig, extras?: ServiceAppExtras] | [options: ServiceOptions]
): FastifyInstance {
  const options = args.length === 1 ? args[0] : serviceOptionsFrom(...args);
  registerFormats();
  const app = Fastify({
    logger: loggerOptions(options.name, options.logLevel ?? 'info'),
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: 'x-request-id',
    bodyLimit: options.bodyLimit ?? 1_048_576 * 2,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  });
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  installErrorHandler(app);
  installNotFoundHandler(app);
  installInternalAuth(app, options.internalSecret, options.edge);
  refuseUnstorableInput(app);
  installOpenApi(app, `Mailwright ${options.name} service`);
  installHealth(app, options.readiness ?? {});
  installMetrics(app, { metrics: options.metrics ?? processMetrics(options.name), token: options.metricsToken || undefined });
  return app;
}

function serviceOptionsFrom(name: string, config: ServiceAppConfig, extras: ServiceAppExtras = {}): ServiceOptions {
  return {
    name,
    internalSecret: config.INTERNAL_SECRET,
    metricsToken: config.METRICS_TOKEN,
    logLevel: config.LOG_LEVEL,
    ...extras,
  };
}

/**
 * Listens and closes gracefully on SIGINT/SIGTERM (in-flight requests finish, then onClose hooks run, then the spans
 * still buffered are exported).
 */
export async function runService(app: FastifyInstance, port: number, host: string): Promise<void> {
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after error');
    await app.close();
    await shutdownTracing().catch((error: unknown) => app.log.warn({ err: error }, 'spans not exported at shutdown'));
  });
  await app.listen({ port, host });
}
