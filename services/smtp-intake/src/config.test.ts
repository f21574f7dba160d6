import { readConfig } from '@mailwright/kit';
import { describe, expect, it } from 'vitest';
import { ConfigSchema, smtpHost } from './config';

const minimal = {
  INTERNAL_SECRET: 'x'.repeat(32),
  SMTP_INTAKE_TLS_CERT: '/etc/tls/tls.crt',
  SMTP_INTAKE_TLS_KEY: '/etc/tls/tls.key',
};

describe('ConfigSchema', () => {
  it('defaults to loopback (SMTP on HOST), port 2587, no implicit-TLS listener and HTTP on 4012', () => {
    const config = readConfig(ConfigSchema, minimal);
    expect(config.SMTP_INTAKE_TLS_PORT).toBeUndefined();
    expect(smtpHost(config)).toBe('127.0.0.1');
    expect(smtpHost({ ...config, HOST: '0.0.0.0' })).toBe('0.0.0.0');
    expect(smtpHost({ ...config, HOST: '0.0.0.0', SMTP_INTAKE_HOST: '10.0.0.5' })).toBe('10.0.0.5');
    expect(config).toMatchObject({
      SMTP_INTAKE_HTTP_HOST: '127.0.0.1',
      SMTP_INTAKE_PORT: 2587,
      SMTP_INTAKE_HTTP_PORT: 4012,
      SMTP_INTAKE_MAX_CONNECTIONS_PER_KEY: 10,
      SMTP_INTAKE_MESSAGES_PER_MINUTE: 600,
      SMTP_INTAKE_SOCKET_TIMEOUT_MS: 60_000,
      SMTP_INTAKE_DATA_TIMEOUT_MS: 300_000,
      SMTP_INTAKE_AUTH_FAILURES_MAX: 10,
      SMTP_INTAKE_AUTH_FAILURE_WINDOW_S: 300,
    });
  });

  it('refuses to start without the internal secret or the TLS pair, naming the variable', () => {
    expect(() => readConfig(ConfigSchema, { ...minimal, INTERNAL_SECRET: undefined })).toThrow(/INTERNAL_SECRET is missing/);
    expect(() => readConfig(ConfigSchema, { ...minimal, SMTP_INTAKE_TLS_CERT: undefined })).toThrow(
      /SMTP_INTAKE_TLS_CERT is missing/,
    );
    expect(() => readConfig(ConfigSchema, { ...minimal, SMTP_INTAKE_TLS_KEY: '' })).toThrow(/SMTP_INTAKE_TLS_KEY is missing/);
  });
});
