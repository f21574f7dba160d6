import { describe, expect, it } from 'vitest';
import { isTracingConfigured, serviceNameOf } from './tracing-config';

describe('tracing configuration', () => {
  it('is on only when an OTLP endpoint is configured', () => {
    expect(isTracingConfigured({})).toBe(false);
    expect(isTracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(isTracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(isTracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector/v1/traces' })).toBe(true);
  });

  it('names the process by OTEL_SERVICE_NAME, else by its entry file', () => {
    expect(serviceNameOf({ OTEL_SERVICE_NAME: 'billing' }, '/repo/services/mail/src/server.ts')).toBe('billing');
    expect(serviceNameOf({}, '/repo/services/mail/src/server.ts')).toBe('mail');
    expect(serviceNameOf({}, '/repo/services/mail/src/worker.ts')).toBe('mail-worker');
    expect(serviceNameOf({}, '/repo/gateway/src/server.ts')).toBe('gateway');
    expect(serviceNameOf({}, undefined)).toBe('mailwright');
  });

  it("names a bundled process (an image's dist/server.mjs) by the name it was bundled for, unless OTEL_SERVICE_NAME says", () => {
    expect(serviceNameOf({}, '/app/dist/server.mjs', 'mail-worker')).toBe('mail-worker');
    expect(serviceNameOf({ OTEL_SERVICE_NAME: 'mail-worker-eu' }, '/app/dist/worker.mjs', 'mail-worker')).toBe('mail-worker-eu');
    expect(serviceNameOf({}, '/app/dist/server.mjs')).toBe('mailwright');
  });
});
