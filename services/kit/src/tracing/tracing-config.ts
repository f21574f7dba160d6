// When tracing is on and what a process is called in it: read from the standard OpenTelemetry variables only, so
// nothing of the SDK is loaded to decide that tracing is off.
import path from 'node:path';

type Env = Record<string, string | undefined>;

/** OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (the full URL) or OTEL_EXPORTER_OTLP_ENDPOINT (its base): tracing is on. */
export function isTracingConfigured(env: Env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

/**
 * The process's service.name: OTEL_SERVICE_NAME when set (the launcher sets it per process), else the name a bundle
 * was built for (an image's dist/server.mjs says nothing), else from the entry file: gateway/src/server.ts is
 * 'gateway', services/<name>/src/server.ts is '<name>', services/mail/src/worker.ts is 'mail-worker'.
 */
export function serviceNameOf(env: Env, entry: string | undefined, bundledName?: string): string {
  const given = env.OTEL_SERVICE_NAME?.trim();
  if (given) return given;
  if (bundledName) return bundledName;
  if (!entry) return 'mailwright';
  const parts = path.resolve(entry).split(path.sep);
  const srcAt = parts.lastIndexOf('src');
  const packageName = srcAt > 0 ? parts[srcAt - 1] : undefined;
  if (!packageName) return 'mailwright';
  const file = path.basename(entry).replace(/\.[cm]?[jt]s$/, '');
  return file === 'server' ? packageName : `${packageName}-${file}`;
}
