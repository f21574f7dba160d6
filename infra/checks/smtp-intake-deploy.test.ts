// The SMTP intake's deployment, checked against the platform layout and its own config schema: the image target,
// the k8s Deployment and its Services; the ops checks cover what every process shares.

import { smtpIntakeProcess } from '@mailwright/contracts';
import { checkMetricsExposure, readConfig } from '@mailwright/kit';
import * as apps from 'kubernetes-models/apps/v1';
import * as core from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { ConfigSchema, smtpHost } from '../../services/smtp-intake/src/config';
import { imageCommand, processes } from '../docker/processes';
import { type K8sObject, readManifests, readRepoFile, sampleSecrets } from '../ops/support/deploy-files';
import { basesOf, readStages, targetText } from '../ops/support/dockerfile';

const listeners = smtpIntakeProcess.listeners ?? [];
const objects = readManifests('infra/k8s/smtp-intake.yaml');
const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const deployment = find('Deployment', 'smtp-intake') as K8sObject;
const container = deployment?.spec.template.spec.containers[0];
const configMap = readManifests('infra/k8s/configmap.yaml')[0];

type EnvVar = { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } };

describe('the smtp-intake image', () => {
  const stages = readStages(readRepoFile('infra/docker/Dockerfile'));
  const text = targetText(stages, 'smtp-intake');

  it('is bundled and built on the runtime base with its ports from the layout', () => {
    expect(processes.map((image) => image.name)).toContain('smtp-intake');
    expect(basesOf(stages, 'smtp-intake')).toContain('runtime');
    expect(text).toContain('COPY --from=build /out/smtp-intake /app');
    const intake = processes.find((image) => image.name === 'smtp-intake');
    expect(imageCommand(intake!)).toEqual(['node', '--import', './dist/tracing.mjs', 'dist/server.mjs']);
    expect(text).toContain(`CMD ${JSON.stringify(imageCommand(intake!)).replaceAll('","', '", "')}`);
    expect(text).toMatch(new RegExp(`HEALTH_PORT=${smtpIntakeProcess.defaultPort}\\b`));
    expect(text).toMatch(new RegExp(`${smtpIntakeProcess.portVar}=${smtpIntakeProcess.defaultPort}\\b`));
    for (const listener of listeners) expect(text).toMatch(new RegExp(`${listener.portVar}=${listener.containerPort}\\b`));
    expect(text).toMatch(/^HEALTHCHECK .*healthcheck\.cjs/m);
    expect(readRepoFile('infra/docker/Dockerfile')).toContain('COPY services/smtp-intake/package.json services/smtp-intake/');
  });
});

describe('the smtp-intake k8s manifests', () => {
  it('are valid against the Kubernetes API schemas and listed in kustomization.yaml', () => {
    for (const object of objects) {
      const Model = object.kind === 'Deployment' ? apps.Deployment : core.Service;
      expect(() => new Model(object as never).validate(), `${object.kind}/${object.metadata.name}`).not.toThrow();
    }
    const kustomization = readRepoFile('infra/k8s/kustomization.yaml');
    expect(kustomization).toContain('- smtp-intake.yaml');
    expect(kustomization).toContain('name: mailwright/smtp-intake');
  });

  it('runs the image as non-root with probes on the HTTP port of the layout', () => {
    expect(container.image).toBe('mailwright/smtp-intake:latest');
    expect(deployment.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
    expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
    expect(container.ports[0]).toEqual({ name: 'http', containerPort: smtpIntakeProcess.defaultPort });
    expect(container.readinessProbe.httpGet).toEqual({ path: smtpIntakeProcess.readyPath, port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: smtpIntakeProcess.healthPath, port: 'http' });
  });

  it('publishes each SMTP listener on its public port, to the container port the process listens on', () => {
    const published = find('Service', 'smtp-intake-public')?.spec.ports as Array<{ port: number; targetPort: string }>;
    const containerPorts = container.ports as Array<{ name: string; containerPort: number }>;
    expect(published.map((port) => port.port)).toEqual(listeners.map((listener) => listener.publicPort));
    for (const [index, listener] of listeners.entries()) {
      const target = containerPorts.find((port) => port.name === published[index]?.targetPort);
      expect(target?.containerPort, listener.name).toBe(listener.containerPort);
    }
    expect(find('Service', 'smtp-intake')?.spec.ports[0]).toMatchObject({
      port: smtpIntakeProcess.defaultPort,
      targetPort: 'http',
    });
  });

  it('gives the process an environment its config schema accepts, the TLS pair from the mounted Secret', () => {
    const env: Record<string, string> = { ...configMap?.data };
    for (const variable of container.env as EnvVar[]) {
      const ref = variable.valueFrom?.secretKeyRef;
      if (ref) {
        expect(ref.name).toBe('mailwright-secrets');
        env[variable.name] = (sampleSecrets as Record<string, string>)[ref.key] ?? 'f'.repeat(64);
      } else env[variable.name] = variable.value ?? '';
    }
    const config = readConfig(ConfigSchema, env);
    expect(smtpHost(config)).toBe('0.0.0.0');
    expect(config).toMatchObject({ HOST: '0.0.0.0', SMTP_INTAKE_HTTP_HOST: '0.0.0.0', SMTP_INTAKE_HTTP_PORT: 4012 });
    expect(() => checkMetricsExposure(config.SMTP_INTAKE_HTTP_HOST, config.METRICS_TOKEN, 'SMTP_INTAKE_HTTP_HOST')).not.toThrow();
    for (const listener of listeners) expect(config[listener.portVar as keyof typeof config]).toBe(listener.containerPort);
    expect(env.METRICS_TOKEN?.length).toBeGreaterThan(0);
    const mount = (container.volumeMounts as Array<{ name: string; mountPath: string }>).find((m) => m.name === 'smtp-tls');
    expect(config.SMTP_INTAKE_TLS_CERT.startsWith(`${mount?.mountPath}/`)).toBe(true);
    expect(config.SMTP_INTAKE_TLS_KEY.startsWith(`${mount?.mountPath}/`)).toBe(true);
    const volume = deployment.spec.template.spec.volumes.find((v: { name: string }) => v.name === 'smtp-tls');
    expect(volume.secret.secretName).toBe('mailwright-smtp-tls');
  });
});
