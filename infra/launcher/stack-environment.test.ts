import { platformServices, serviceUrlVar, smtpIntakeProcess } from '@mailwright/contracts';
import { describe, expect, it } from 'vitest';
import { listenerPortKey, stackEnvironment } from './stack-environment';

const options = {
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/mw',
  redisUrl: 'redis://127.0.0.1:6379',
  secrets: { INTERNAL_SECRET: 'secret' },
};

describe('stackEnvironment', () => {
  it('gives every process its port and every service its URL, as the platform layout names them', () => {
    const ports = new Map<string, number>([
      ...platformServices.map((service, index): [string, number] => [service.name, 21_000 + index]),
      ['gateway', 21_100],
    ]);
    const env = stackEnvironment({ ...options, ports: 'random' }, ports);
    for (const service of platformServices) {
      expect(env[service.portVar]).toBe(String(ports.get(service.name)));
      expect(env[serviceUrlVar(service.name)]).toBe(`http://127.0.0.1:${ports.get(service.name)}`);
    }
    expect(env.PORT).toBe('21100');
    expect(env.PUBLIC_URL).toBe('http://127.0.0.1:21100');
    expect(env).toMatchObject({ DATABASE_URL: options.databaseUrl, REDIS_URL: options.redisUrl, INTERNAL_SECRET: 'secret' });
  });

  it('leaves out services that are not started and keeps the documented public URL on default ports', () => {
    const env = stackEnvironment({ ...options, ports: 'default' }, new Map([['gateway', 8080]]));
    expect(env.IDENTITY_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('http://localhost:8080');
  });

  it("gives the SMTP intake its HTTP port and each started listener's port", () => {
    const ports = new Map<string, number>([
      [smtpIntakeProcess.name, 21_200],
      [listenerPortKey(smtpIntakeProcess.name, 'submission'), 21_201],
    ]);
    const env = stackEnvironment({ ...options, ports: 'random' }, ports);
    expect(env.SMTP_INTAKE_HTTP_PORT).toBe('21200');
    expect(env.SMTP_INTAKE_PORT).toBe('21201');
    expect(env.SMTP_INTAKE_TLS_PORT).toBeUndefined();
  });
});
