// Loaded before a process's entry: in development `node --import tsx --import @mailwright/kit/tracing/register
// <entry>` (the launcher adds it when an OTLP endpoint is configured); in the images `node --import ./dist/tracing.mjs
// dist/<entry>.mjs`, this file bundled (infra/docker/bundle.ts). Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set, and loads nothing more otherwise.
import { isTracingConfigured, serviceNameOf } from './tracing-config';

/** The process's name, set by the image bundler (an esbuild `define`); not defined when run from sources. */
declare const MAILWRIGHT_PROCESS_NAME: string | undefined;

if (isTracingConfigured(process.env)) {
  const bundledName = typeof MAILWRIGHT_PROCESS_NAME === 'string' ? MAILWRIGHT_PROCESS_NAME : undefined;
  const { startTracing } = await import('./start-tracing');
  await startTracing(serviceNameOf(process.env, process.argv[1], bundledName));
}
