// Loaded before a process's entry (`node --import tsx --import @mailwright/kit/tracing/register <entry>`; the
// launcher adds it when an OTLP endpoint is configured): starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set, and loads nothing otherwise.
import { isTracingConfigured, serviceNameOf } from './tracing-config';

if (isTracingConfigured(process.env)) {
  const { startTracing } = await import('./start-tracing');
  await startTracing(serviceNameOf(process.env, process.argv[1]));
}
