// The OpenTelemetry SDK of one process: spans exported over OTLP/HTTP (JSON) to OTEL_EXPORTER_OTLP_ENDPOINT, W3C
// trace context propagated on HTTP calls, and http, undici (fetch, the gateway's proxy), Fastify, pg and ioredis
// instrumented. Loaded only by register.ts when an endpoint is configured: a process without one never loads it.
import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context, type Link, propagation, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { isSecretPath, pathOnly, urlWithoutQuery } from './private-urls';
import { installSpanHooks, type SpanAttributes, type SpanHooks, type SpanOptions } from './spans';

/** Probes and scrapes are not traced (they would bury the traces that matter), nor requests on secret paths. */
const probePaths = new Set(['/healthz', '/readyz', '/metrics']);
const isUntraced = (target: string | undefined) => probePaths.has(pathOnly(target)) || isSecretPath(target);

const spanKinds = {
  internal: SpanKind.INTERNAL,
  client: SpanKind.CLIENT,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
} as const;

function definedAttributes(attributes: SpanAttributes): Record<string, string | number | boolean> {
  const defined: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) defined[key] = value;
  return defined;
}

const contextOf = (traceparent: string | null | undefined) =>
  traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : undefined;

function failed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

function spanHooks(provider: NodeTracerProvider): SpanHooks {
  const tracer = trace.getTracer('mailwright');
  return {
    traceparent() {
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      return carrier.traceparent ?? null;
    },
    inSpan(name, attributes, work, options: SpanOptions = {}) {
      const links: Link[] = [];
      for (const traceparent of options.links ?? []) {
        const linked = trace.getSpanContext(contextOf(traceparent) ?? ROOT_CONTEXT);
        if (linked) links.push({ context: linked });
      }
      const parent = contextOf(options.parent) ?? (options.root ? ROOT_CONTEXT : context.active());
      const spanOptions = { kind: spanKinds[options.kind ?? 'internal'], attributes: definedAttributes(attributes), links };
      return tracer.startActiveSpan(name, spanOptions, parent, async (span) => {
        try {
          return await work();
        } catch (error) {
          failed(span, error);
          throw error;
        } finally {
          span.end();
        }
      });
    },
    annotate(attributes) {
      trace.getActiveSpan()?.setAttributes(definedAttributes(attributes));
    },
    shutdown: () => provider.shutdown(),
  };
}

/**
 * Starts tracing for the process named `serviceName`. Must run before the instrumented modules are imported
 * (register.ts, loaded with `node --import`): ESM imports are hooked through import-in-the-middle, restricted to the
 * modules the instrumentations name.
 */
export async function startTracing(serviceName: string): Promise<void> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName, 'service.namespace': 'mailwright' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => isUntraced(request.url),
        requireParentforOutgoingSpans: true,
        // Paths only: a query string can hold an address (log search) or a code.
        requestHook: (span, request) => {
          if (!('headers' in request) || typeof request.url !== 'string') return;
          span.setAttributes({ 'http.target': pathOnly(request.url), 'http.url': urlWithoutQuery(request.url) });
        },
      }),
      new UndiciInstrumentation({
        ignoreRequestHook: (request) => isUntraced(request.path),
        requireParentforSpans: true,
        requestHook: (span, request) => {
          span.setAttributes({
            'url.full': `${request.origin}${pathOnly(request.path)}`,
            'url.path': pathOnly(request.path),
            'url.query': '',
          });
        },
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: (route) => probePaths.has(route.url) || isSecretPath(route.url),
        // The request id every log line about the request carries (x-request-id): from a trace to its logs.
        requestHook: (span, request) =>
          span.setAttributes({
            'mailwright.request.id': request.id,
            'url.path': isSecretPath(request.url) ? (request.routeOptions.url ?? '') : pathOnly(request.url),
          }),
      }),
      // Parameters hold addresses and message text: statements only, never their values (the default).
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      // Arguments hold keys and job data: the command name only. Idle polling (BullMQ's blocking reads, the
      // reconciler) has no parent span and is left out.
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
  });
  await waitForAllMessagesAcknowledged();
  installSpanHooks(spanHooks(provider));
}
