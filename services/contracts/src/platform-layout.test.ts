import { describe, expect, it } from 'vitest';
import {
  gatewayProcess,
  gatewayRoutes,
  intakeProcesses,
  mailWorkerProcess,
  platformProcesses,
  platformServices,
  publicRoutes,
  serviceUrlVar,
  smtpIntakeProcess,
} from './platform-layout';

describe('platform layout', () => {
  it('gives every process its own name, port variable and port', () => {
    const unique = (values: unknown[]) => new Set(values).size === values.length;
    const all = platformProcesses;
    expect(unique(all.map((process) => process.name))).toBe(true);
    const listeners = all.flatMap((process) => process.listeners ?? []);
    expect(unique([...all.map((process) => process.portVar), ...listeners.map((listener) => listener.portVar)])).toBe(true);
    const localPorts = listeners.flatMap((listener) => (listener.localPort === null ? [] : [listener.localPort]));
    expect(unique([...all.map((process) => process.defaultPort), ...localPorts])).toBe(true);
    expect(intakeProcesses.every((intake) => platformProcesses.includes(intake))).toBe(true);
  });

  it('runs the SMTP intake with HTTP on 4012, submission on 2587 locally, published on 587 and 465', () => {
    expect(smtpIntakeProcess).toMatchObject({
      kind: 'intake',
      entry: 'services/smtp-intake/src/server.ts',
      portVar: 'SMTP_INTAKE_HTTP_PORT',
      defaultPort: 4012,
    });
    const ports = smtpIntakeProcess.listeners?.map((listener) => [
      listener.portVar,
      listener.localPort,
      listener.containerPort,
      listener.publicPort,
    ]);
    expect(ports).toEqual([
      ['SMTP_INTAKE_PORT', 2587, 2587, 587],
      ['SMTP_INTAKE_TLS_PORT', null, 2465, 465],
    ]);
  });

  it('starts the gateway on 8080 and the worker with its metrics listener on 4010', () => {
    expect(gatewayProcess).toMatchObject({ entry: 'gateway/src/server.ts', portVar: 'PORT', defaultPort: 8080 });
    expect(mailWorkerProcess).toMatchObject({ entry: 'services/mail/src/worker.ts', portVar: 'WORKER_METRICS_PORT' });
  });

  it('names each service URL variable after the service', () => {
    expect(platformServices.map((service) => serviceUrlVar(service.name))).toEqual([
      'IDENTITY_URL',
      'ACCOUNTS_URL',
      'TEMPLATES_URL',
      'MAIL_URL',
      'BILLING_URL',
    ]);
  });

  it('routes every public prefix to a declared service, no prefix twice', () => {
    const services = new Set(platformServices.map((service) => service.name));
    for (const route of gatewayRoutes) expect(services.has(route.service), route.prefix).toBe(true);
    expect(new Set(gatewayRoutes.map((route) => route.prefix)).size).toBe(gatewayRoutes.length);
  });

  it('declares public routes only under a routed prefix', () => {
    for (const [method, pattern] of publicRoutes) {
      const prefix = pattern.source.replace(/^\^/, '').replaceAll('\\/', '/').split(/[([]/)[0] ?? '';
      const routed = gatewayRoutes.some((route) => prefix.startsWith(`${route.prefix}/`));
      expect(routed, `${method} ${pattern}`).toBe(true);
    }
  });
});
