// infra/k8s: every manifest valid against the Kubernetes OpenAPI schemas (kubernetes-models), and the
// wiring checked precisely: probes, resources, images, env from the Secret/ConfigMap, services, HPA, job.
// The Secret is not part of the kustomization (the operator creates it from secrets.env.example).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { gatewayProcess, platformProcesses, platformServices, serviceUrlVar } from '@mailwright/contracts';
import { checkMetricsExposure } from '@mailwright/kit';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as batch from 'kubernetes-models/batch/v1';
import * as core from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { checkGatewayConfig, type GatewayConfig } from '../../gateway/src/config';
import { edgeProcess } from '../docker/processes';
import { trustTheEdge } from '../edge/trust-the-edge';
import { checkConfig, type K8sObject, readManifests, readRepoFile, repoRoot, sampleSecrets } from './support/deploy-files';
import { readSecretKeys } from './support/secret-keys';

const k8sDir = path.join(repoRoot, 'infra', 'k8s');
const kustomization = parseYaml(readRepoFile('infra/k8s/kustomization.yaml')) as {
  namespace: string;
  resources: string[];
  images: Array<{ name: string; newTag?: string }>;
};
const objects = kustomization.resources.flatMap((file) => readManifests(`infra/k8s/${file}`));
const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const configMap = find('ConfigMap', 'mailwright-config');
/** The keys the operator's Secret `mailwright-secrets` holds: the uncommented lines of secrets.env.example. */
const secretExample = readSecretKeys(readRepoFile('infra/k8s/secrets.env.example'));
const samples: Record<string, string> = { ...sampleSecrets, METRICS_TOKEN: 'm'.repeat(64) };
const appProcesses = platformProcesses;

type Validatable = { validate(): void };
const models: Record<string, new (data: never) => Validatable> = {
  'v1/Namespace': core.Namespace,
  'v1/ConfigMap': core.ConfigMap,
  'v1/Service': core.Service,
  'apps/v1/Deployment': apps.Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': autoscaling.HorizontalPodAutoscaler,
  'batch/v1/Job': batch.Job,
};

function validateObject(object: K8sObject): void {
  const Model = models[`${object.apiVersion}/${object.kind}`];
  if (!Model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
  new Model(object as never).validate();
}

/** The environment a container sees, with the example Secret's placeholders replaced by well-formed samples. */
function containerEnv(container: {
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: { key: string; optional?: boolean } } }>;
  envFrom?: Array<{ configMapRef?: { name: string } }>;
}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef?.name === 'mailwright-config') Object.assign(env, configMap?.data);
  }
  for (const variable of container.env ?? []) {
    const ref = variable.valueFrom?.secretKeyRef;
    if (!ref) {
      env[variable.name] = variable.value ?? '';
      continue;
    }
    const value = secretExample[ref.key];
    if (value === undefined) continue;
    env[variable.name] = samples[ref.key] ?? value;
  }
  return env;
}

describe('k8s manifests', () => {
  it('lists every manifest in kustomization.yaml and sets the namespace', () => {
    const files = readdirSync(k8sDir).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
    expect(kustomization.namespace).toBe('mailwright');
  });

  it('are valid against the Kubernetes API schemas', () => {
    expect(objects.length).toBeGreaterThan(15);
    for (const object of objects) {
      expect(() => validateObject(object), `${object.kind}/${object.metadata.name}`).not.toThrow();
    }
  });

  it('the schema check catches a wrong type', () => {
    const deployment = structuredClone(find('Deployment', 'identity')) as K8sObject;
    deployment.spec.template.spec.containers[0].ports[0].containerPort = 'four thousand';
    expect(() => validateObject(deployment)).toThrow(/containerPort/);
  });

  for (const spec of appProcesses) {
    describe(spec.name, () => {
      const deployment = find('Deployment', spec.name);
      const pod = deployment?.spec?.template?.spec;
      const container = pod?.containers?.[0];

      it('has a Deployment running its image as non-root', () => {
        expect(deployment).toBeDefined();
        expect(pod.containers).toHaveLength(1);
        expect(container.image).toBe(`mailwright/${spec.name}:latest`);
        expect(kustomization.images.map((image) => image.name)).toContain(`mailwright/${spec.name}`);
        expect(pod.securityContext.runAsNonRoot).toBe(true);
        expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
        expect(deployment?.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': spec.name });
        expect(deployment?.spec.template.metadata.labels).toMatchObject(deployment?.spec.selector.matchLabels);
      });

      it('probes readiness on /readyz and liveness on /healthz at its port', () => {
        expect(container.ports[0]).toEqual({ name: 'http', containerPort: spec.defaultPort });
        // Only an intake listens on more: its public listeners, as the layout names them.
        const listenerPorts = (spec.listeners ?? []).map((listener) => listener.containerPort);
        expect(container.ports.slice(1).map((port: { containerPort: number }) => port.containerPort)).toEqual(listenerPorts);
        expect(container.readinessProbe.httpGet).toEqual({ path: spec.readyPath, port: 'http' });
        expect(container.livenessProbe.httpGet).toEqual({ path: spec.healthPath, port: 'http' });
        expect(container.startupProbe.httpGet).toEqual({ path: spec.healthPath, port: 'http' });
        expect(deployment?.spec.template.metadata.annotations).toMatchObject({
          'prometheus.io/scrape': 'true',
          'prometheus.io/port': String(spec.defaultPort),
          'prometheus.io/path': '/metrics',
        });
      });

      it('requests and limits CPU and memory', () => {
        expect(container.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
        expect(container.resources.limits).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
      });

      it('reads settings from the ConfigMap and only existing or optional Secret keys', () => {
        expect(container.envFrom).toEqual([{ configMapRef: { name: 'mailwright-config' } }]);
        const refs = (
          container.env as Array<{ valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } } }>
        )
          .map((variable) => variable.valueFrom?.secretKeyRef)
          .filter((ref) => ref !== undefined);
        expect(refs.map((ref) => ref.key)).toContain('INTERNAL_SECRET');
        for (const ref of refs) {
          expect(ref.name).toBe('mailwright-secrets');
          if (!ref.optional) expect(Object.keys(secretExample), ref.key).toContain(ref.key);
        }
      });

      it('gets an environment its own config schema accepts', () => {
        const config = checkConfig(spec.name, containerEnv(container));
        expect(config.HOST).toBe('0.0.0.0');
        if (spec.kind !== 'worker') expect(config[spec.portVar]).toBe(spec.defaultPort);
      });

      it('is reachable through a Service on its named port', () => {
        const service = find('Service', spec.name);
        expect(service?.spec.selector).toEqual({ 'app.kubernetes.io/name': spec.name });
        expect(service?.spec.ports[0].targetPort).toBe('http');
      });
    });
  }

  it('reaches every service at its Service name on the port the platform layout gives it', () => {
    for (const service of platformServices) {
      expect(configMap?.data?.[serviceUrlVar(service.name)], service.name).toBe(`http://${service.name}:${service.defaultPort}`);
      expect(find('Service', service.name)?.spec.ports[0].port, service.name).toBe(service.defaultPort);
    }
  });

  it("gives the gateway settings its boot checks accept: X-Forwarded-For trusted by hop count, never 'true'", () => {
    const container = find('Deployment', 'gateway')?.spec.template.spec.containers[0];
    const env = containerEnv(container);
    // The ingress controller, then the edge.
    expect(env.TRUST_PROXY).toBe('2');
    expect(() => checkGatewayConfig(checkConfig('gateway', env) as GatewayConfig)).not.toThrow();
    expect(() => checkGatewayConfig(checkConfig('gateway', { ...env, TRUST_PROXY: 'true' }) as GatewayConfig)).toThrow(
      /TRUST_PROXY=true is refused/,
    );
  });

  describe('the edge', () => {
    const deployment = find('Deployment', edgeProcess.name);
    const pod = deployment?.spec?.template?.spec;
    const container = pod?.containers?.[0];
    const env = containerEnv(container);

    it('runs its image as non-root with a read-only root filesystem, nginx working in memory', () => {
      expect(container.image).toBe('mailwright/edge:latest');
      expect(kustomization.images.map((image) => image.name)).toContain('mailwright/edge');
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
      expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
      expect(container.volumeMounts).toEqual([{ name: 'shm', mountPath: '/dev/shm' }]);
      expect(pod.volumes).toEqual([{ name: 'shm', emptyDir: { medium: 'Memory', sizeLimit: '64Mi' } }]);
    });

    it('gets an environment its config schema accepts: the gateway Service, the secret, no database or Redis', () => {
      const config = checkConfig(edgeProcess.name, env);
      expect(config.PORT).toBe(edgeProcess.port);
      expect(config.HOST).toBe('0.0.0.0');
      const gatewayService = find('Service', 'gateway');
      expect(config.GATEWAY_URL).toBe(`http://gateway:${gatewayService?.spec.ports[0].port}`);
      expect(config.INTERNAL_SECRET).toBe(samples.INTERNAL_SECRET);
      expect(Object.keys(env).filter((key) => /DATABASE|REDIS|ENCRYPTION/.test(key))).toEqual([]);
    });

    it("agrees with the gateway on whom to trust: the gateway's TRUST_PROXY counts the edge as one hop more", () => {
      const gateway = containerEnv(find('Deployment', 'gateway')?.spec.template.spec.containers[0]);
      expect(gateway.TRUST_PROXY).toBe(trustTheEdge(env.TRUST_PROXY).gateway);
    });

    it('is alive while nginx listens and ready while the gateway behind it is, behind a Service on its port', () => {
      expect(container.ports).toEqual([{ name: 'http', containerPort: edgeProcess.port }]);
      expect(container.livenessProbe.tcpSocket).toEqual({ port: 'http' });
      expect(container.startupProbe.tcpSocket).toEqual({ port: 'http' });
      expect(container.readinessProbe.httpGet).toEqual({ path: gatewayProcess.readyPath, port: 'http' });
      const service = find('Service', edgeProcess.name);
      expect(service?.spec.selector).toEqual({ 'app.kubernetes.io/name': edgeProcess.name });
      expect(service?.spec.ports[0].targetPort).toBe('http');
    });
  });

  it('puts the metrics of every listener off loopback behind METRICS_TOKEN, from the Secret', () => {
    expect(Object.keys(secretExample)).toContain('METRICS_TOKEN');
    for (const name of ['gateway', 'mail-worker']) {
      const container = find('Deployment', name)?.spec.template.spec.containers[0];
      expect(container.env, name).toContainEqual({
        name: 'METRICS_TOKEN',
        valueFrom: { secretKeyRef: { name: 'mailwright-secrets', key: 'METRICS_TOKEN' } },
      });
    }
    const worker = containerEnv(find('Deployment', 'mail-worker')?.spec.template.spec.containers[0]);
    expect(worker.WORKER_METRICS_HOST).toBe('0.0.0.0');
    expect(() =>
      checkMetricsExposure(worker.WORKER_METRICS_HOST ?? '', worker.METRICS_TOKEN ?? '', 'WORKER_METRICS_HOST'),
    ).not.toThrow();
    expect(() => checkMetricsExposure(worker.WORKER_METRICS_HOST ?? '', '', 'WORKER_METRICS_HOST')).toThrow(
      /METRICS_TOKEN is missing/,
    );
  });

  it('keeps secrets out of the ConfigMap', () => {
    for (const key of Object.keys(configMap?.data ?? {})) {
      expect(key).not.toMatch(/SECRET|KEY$|PASSWORD|TOKEN|DATABASE_URL|REDIS_URL/);
    }
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'INTERNAL_SECRET', 'ENCRYPTION_KEY']) {
      expect(Object.keys(secretExample)).toContain(key);
    }
    const encryptionUsers = appProcesses.filter((spec) =>
      find('Deployment', spec.name)?.spec.template.spec.containers[0].env.some(
        (v: { name: string }) => v.name === 'ENCRYPTION_KEY',
      ),
    );
    // mail seals webhook signing secrets, and its worker opens them to sign deliveries.
    expect(encryptionUsers.map((spec) => spec.name).sort()).toEqual(['accounts', 'identity', 'mail', 'mail-worker']);
  });

  it('scales mail-worker with a HorizontalPodAutoscaler that owns its replica count', () => {
    const hpa = find('HorizontalPodAutoscaler', 'mail-worker');
    expect(hpa?.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'mail-worker' });
    expect(hpa?.spec.minReplicas).toBeGreaterThanOrEqual(1);
    expect(hpa?.spec.maxReplicas).toBeGreaterThan(hpa?.spec.minReplicas);
    expect(find('Deployment', 'mail-worker')?.spec.replicas).toBeUndefined();
  });

  it('runs the migrations as a Job with the database URL from the Secret', () => {
    const job = find('Job', 'mailwright-migrate');
    const container = job?.spec.template.spec.containers[0];
    expect(job?.spec.template.spec.restartPolicy).toBe('Never');
    expect(container.image).toBe('mailwright/migrate:latest');
    expect(container.env).toContainEqual({
      name: 'DATABASE_URL',
      valueFrom: { secretKeyRef: { name: 'mailwright-secrets', key: 'DATABASE_URL' } },
    });
    expect(kustomization.images.map((image) => image.name)).toContain('mailwright/migrate');
  });
});
