// The images really build and start: every Dockerfile target built with podman FROM a Node 22 base made from
// Debian packages and the npm registry (build-images.sh), each running as a non-root user, and the gateway image
// started twice until /healthz answers 200 and its HEALTHCHECK passes: by `podman run` with runc (crun cannot create
// containers on this VM), and by its own ENTRYPOINT/CMD from its root filesystem without a container runtime
// (run-rootfs.ts); and once more with an OTLP endpoint, exporting its spans (tracing, issue 23). The edge image
// (nginx) is started both ways in front of it. Slow (a first build is many minutes): `npm run test:images`, not part
// of `npm test`.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFileOf, imageCommand, processes } from '../docker/processes';
import { OtlpReceiver } from '../e2e/support/otlp-receiver';
import { type ImageConfig, inspectImage, podman, podmanScript, repoRoot, resolveUser } from './image-config';
import { processArgv, processUids, type RootfsProcess, runInRootfs, startFromRootfs } from './run-rootfs';

const tag = process.env.IMAGE_TAG ?? 'local';
const imageName = (target: string) => `localhost/mailwright/${target}:${tag}`;
const targets = processes.map((spec) => spec.name);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const configs = new Map<string, ImageConfig>();

/** What the gateway needs to boot besides its image's ENV: its secret and Redis (the machine's), a free port. */
function gatewayEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    HEALTH_PORT: String(port),
    HOST: '127.0.0.1',
    INTERNAL_SECRET: randomBytes(32).toString('hex'),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    LOG_LEVEL: 'info',
  };
}

async function waitForHealthz(port: number, log: () => string): Promise<number> {
  const deadline = Date.now() + 60_000;
  let status = 0;
  while (Date.now() < deadline) {
    status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`GET /healthz answered ${status} for 60 s:\n${log()}`);
}

const hasRunc = spawnSync('runc', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasRunc) console.warn('images: runc is not installed (apt-get install runc); the `podman run` test is skipped');

beforeAll(() => {
  const started = Date.now();
  execFileSync('infra/images/build-images.sh', [], { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, IMAGE_TAG: tag } });
  console.log(`images: every target built in ${Math.round((Date.now() - started) / 1000)} s`);
  for (const target of targets) configs.set(target, inspectImage(imageName(target)));
  const rows = [...configs.values()].map((config) => `${config.name.padEnd(38)} ${(config.sizeBytes / 1e6).toFixed(0)} MB`);
  console.log(`images: sizes (podman image inspect)\n${rows.join('\n')}`);
});

describe('the images', () => {
  it('are built for every Dockerfile target', () => {
    expect([...configs.keys()].sort()).toEqual([...targets].sort());
    for (const config of configs.values()) expect(config.sizeBytes, config.name).toBeGreaterThan(0);
  });

  it('run on Node 22 as the unprivileged user node, with the entry and health check the Dockerfile gives', () => {
    for (const spec of processes) {
      const config = configs.get(spec.name) as ImageConfig;
      expect(config.user, spec.name).toBe('node');
      expect(config.env.NODE_VERSION, spec.name).toMatch(/^22\./);
      expect(config.env.NODE_ENV, spec.name).toBe('production');
      expect(config.workingDir, spec.name).toBe('/app');
      expect(config.cmd, spec.name).toEqual(imageCommand(spec));
      // Every long-running Node service loads the tracing register module first (a no-op without an OTLP endpoint).
      if (spec.traced)
        expect(config.cmd, spec.name).toEqual([
          'node',
          ...(spec.nodeFlags ?? []),
          '--import',
          './dist/tracing.mjs',
          bundleFileOf(spec),
        ]);
      if (spec.port) {
        expect(config.healthcheck, spec.name).toEqual(['node', '/usr/local/lib/healthcheck.cjs']);
        expect(config.env.HEALTH_PORT, spec.name).toBe(String(spec.port));
      } else expect(config.healthcheck, spec.name).toBeUndefined();
    }
  });
});

describe('the gateway image, started from its root filesystem', () => {
  const image = imageName('gateway');
  let rootfs = '';
  let gateway: RootfsProcess | undefined;
  let port = 0;

  beforeAll(async () => {
    rootfs = podman(['image', 'mount', image]).trim();
    port = await freePort();
    // The network is the host's, so a free port instead of 8080.
    gateway = await startFromRootfs(rootfs, configs.get('gateway') as ImageConfig, { env: gatewayEnv(port) });
  });

  afterAll(async () => {
    await gateway?.stop('SIGKILL');
    if (rootfs) podman(['image', 'unmount', image]);
  });

  it('answers GET /healthz with 200 from the image entrypoint', async () => {
    expect(await waitForHealthz(port, () => gateway?.output() ?? '')).toBe(200);
    // Started with the tracing register module, which without OTEL_EXPORTER_OTLP_ENDPOINT loads nothing more.
    expect(processArgv(gateway?.pid ?? 0)).toEqual(['node', '--import', './dist/tracing.mjs', 'dist/server.mjs']);
  });

  it('runs as the image user: uid 1000, not root', () => {
    const { uid } = resolveUser(rootfs, 'node');
    expect(uid).toBe(1000);
    expect(processUids(gateway?.pid ?? 0)).toEqual([uid, uid, uid, uid]);
  });

  it('serves the web app the image carries', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/<div id="root">|<!doctype html>/i);
  });

  it("passes the image's HEALTHCHECK, run inside the same root filesystem", () => {
    const config = configs.get('gateway') as ImageConfig;
    // As a container engine does: unhealthy only after `--retries=3` failures in a row (its probe times out at 2.5 s,
    // which a machine this busy can exceed right after start).
    const probe = (healthPort: number) => {
      let last = { status: null as number | null, output: '' };
      for (let attempt = 0; attempt < 3; attempt++) {
        last = runInRootfs(rootfs, config, config.healthcheck ?? [], { HEALTH_PORT: String(healthPort) });
        if (last.status === 0) break;
      }
      return last;
    };
    const healthy = probe(port);
    expect(healthy.status, healthy.output).toBe(0);
    expect(probe(port === 1 ? 2 : 1).status).toBe(1);
  });

  it('stops cleanly on SIGTERM', async () => {
    expect(await gateway?.stop('SIGTERM')).toBe(0);
  });
});

describe('the edge image in front of the gateway image, both started from their root filesystems', () => {
  const images = { gateway: imageName('gateway'), edge: imageName('edge') };
  const rootfs = { gateway: '', edge: '' };
  let gateway: RootfsProcess | undefined;
  let edge: RootfsProcess | undefined;
  let port = 0;

  beforeAll(async () => {
    rootfs.gateway = podman(['image', 'mount', images.gateway]).trim();
    rootfs.edge = podman(['image', 'mount', images.edge]).trim();
    const gatewayPort = await freePort();
    const env = gatewayEnv(gatewayPort);
    gateway = await startFromRootfs(rootfs.gateway, configs.get('gateway') as ImageConfig, { env });
    await waitForHealthz(gatewayPort, () => gateway?.output() ?? '');
    port = await freePort();
    edge = await startFromRootfs(rootfs.edge, configs.get('edge') as ImageConfig, {
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`,
        INTERNAL_SECRET: env.INTERNAL_SECRET as string,
        // Its stdout here is a pipe from Node, a socket, where nginx cannot open an access log (edge.ts says so).
        ACCESS_LOG: 'false',
      },
    });
  });

  afterAll(async () => {
    await edge?.stop('SIGKILL');
    await gateway?.stop('SIGKILL');
    for (const name of ['gateway', 'edge'] as const) if (rootfs[name]) podman(['image', 'unmount', images[name]]);
  });

  it("answers GET /healthz with the gateway's 200 through the image's nginx", async () => {
    expect(await waitForHealthz(port, () => edge?.output() ?? '')).toBe(200);
    expect(processArgv(edge?.pid ?? 0)).toEqual(['node', 'dist/edge.mjs']);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('server')).toMatch(/^nginx/);
  });

  it('runs its entry and nginx as the image user, uid 1000', () => {
    const uid = resolveUser(rootfs.edge, 'node').uid;
    expect(uid).toBe(1000);
    expect(processUids(edge?.pid ?? 0)).toEqual([uid, uid, uid, uid]);
    const nginx = readFileSync(`/proc/${edge?.pid}/task/${edge?.pid}/children`, 'utf8').trim().split(' ').map(Number);
    expect(nginx.length).toBe(1);
    expect(processArgv(nginx[0] as number)[0]).toMatch(/^nginx: master process/);
    expect(processUids(nginx[0] as number)).toEqual([uid, uid, uid, uid]);
  });

  it("passes the image's HEALTHCHECK", () => {
    const config = configs.get('edge') as ImageConfig;
    const result = runInRootfs(rootfs.edge, config, config.healthcheck ?? [], { HEALTH_PORT: String(port) });
    expect(result.status, result.output).toBe(0);
  });

  it('stops nginx and itself cleanly on SIGTERM', async () => {
    expect(await edge?.stop('SIGTERM')).toBe(0);
  });
});

describe('the gateway image, traced: started from its root filesystem with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  const image = imageName('gateway');
  const receiver = new OtlpReceiver();
  let rootfs = '';
  let gateway: RootfsProcess | undefined;
  let port = 0;

  beforeAll(async () => {
    await receiver.start();
    rootfs = podman(['image', 'mount', image]).trim();
    port = await freePort();
    // The receiver listens on the host's loopback, which the process shares (the network is the host's).
    const env = { ...gatewayEnv(port), OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100' };
    gateway = await startFromRootfs(rootfs, configs.get('gateway') as ImageConfig, { env });
  });

  afterAll(async () => {
    await gateway?.stop('SIGKILL');
    if (rootfs) podman(['image', 'unmount', image]);
    await receiver.stop();
  });

  it('exports the spans of a request, named gateway, with http and Fastify instrumented', async () => {
    expect(await waitForHealthz(port, () => gateway?.output() ?? '')).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    const deadline = Date.now() + 20_000;
    const scopes = () => new Set(receiver.spans.filter((span) => span.service === 'gateway').map((span) => span.scope));
    while (Date.now() < deadline && !(scopes().has('@opentelemetry/instrumentation-http') && scopes().has('@fastify/otel'))) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect([...scopes()].sort(), gateway?.output()).toEqual(
      expect.arrayContaining(['@fastify/otel', '@opentelemetry/instrumentation-http']),
    );
    // What tracing needs at run time is in the image: the SDK chunk, and the packages it patches as Node loads them.
    for (const file of ['dist/tracing-sdk.mjs', 'node_modules/pg', 'node_modules/ioredis', 'node_modules/import-in-the-middle']) {
      expect(existsSync(path.join(rootfs, 'app', file)), file).toBe(true);
    }
  });
});

describe.runIf(hasRunc)('the gateway image, run by `podman run` (runc)', () => {
  const image = imageName('gateway');
  const name = `mw-images-gateway-${process.pid}`;
  // runc, not crun (crun: "cgroups in hybrid mode not supported"); rlimits within this VM's hard limits, since podman's
  // defaults (nofile 1048576 and the nproc it picks) are refused: "setrlimit RLIMIT_NOFILE: Operation not permitted".
  const runtime = ['--runtime', 'runc'];
  const hardNofile = execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
  /** Starts `image` detached on the host's network, as `containerName`, with `env`. */
  const run = (containerName: string, env: Record<string, string>, runImage: string) =>
    podman([
      ...runtime,
      'run',
      '--detach',
      '--name',
      containerName,
      '--network',
      'host',
      '--ulimit',
      `nofile=${hardNofile}:${hardNofile}`,
      '--ulimit',
      'nproc=4096:4096',
      ...Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
      runImage,
    ]);
  let port = 0;
  let secret = '';

  beforeAll(async () => {
    port = await freePort();
    const gateway = gatewayEnv(port);
    secret = gateway.INTERNAL_SECRET as string;
    run(name, gateway, image);
  });

  afterAll(() => {
    spawnSync(podmanScript, [...runtime, 'rm', '--force', name], { stdio: 'ignore' });
  });

  it('answers GET /healthz with 200', async () => {
    expect(await waitForHealthz(port, () => podman(['logs', name]))).toBe(200);
  });

  it("runs the image's command as uid 1000", () => {
    const pid = Number(podman([...runtime, 'inspect', '--format', '{{.State.Pid}}', name]).trim());
    expect(processArgv(pid)).toEqual(['node', '--import', './dist/tracing.mjs', 'dist/server.mjs']);
    expect(processUids(pid)).toEqual([1000, 1000, 1000, 1000]);
  });

  it('is healthy by its HEALTHCHECK (podman healthcheck run)', () => {
    const result = spawnSync(podmanScript, [...runtime, 'healthcheck', 'run', name], { encoding: 'utf8' });
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  });

  describe('with the edge image in front of it', () => {
    const edgeName = `mw-images-edge-${process.pid}`;
    let edgePort = 0;

    beforeAll(async () => {
      await waitForHealthz(port, () => podman(['logs', name]));
      edgePort = await freePort();
      // The access log on (the default): the container's stdout, which nginx must be able to open.
      const env = {
        PORT: String(edgePort),
        HEALTH_PORT: String(edgePort),
        HOST: '127.0.0.1',
        GATEWAY_URL: `http://127.0.0.1:${port}`,
        INTERNAL_SECRET: secret,
      };
      run(edgeName, env, imageName('edge'));
    });

    afterAll(() => {
      spawnSync(podmanScript, [...runtime, 'rm', '--force', edgeName], { stdio: 'ignore' });
    });

    it("answers GET /healthz with the gateway's 200, nginx running as uid 1000", async () => {
      expect(await waitForHealthz(edgePort, () => podman(['logs', edgeName]))).toBe(200);
      const pid = Number(podman([...runtime, 'inspect', '--format', '{{.State.Pid}}', edgeName]).trim());
      expect(processArgv(pid)).toEqual(['node', 'dist/edge.mjs']);
      const [nginx] = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').map(Number);
      expect(processArgv(nginx as number)[0]).toMatch(/^nginx: master process/);
      expect(processUids(nginx as number)).toEqual([1000, 1000, 1000, 1000]);
    });

    it('is healthy by its HEALTHCHECK and stops with exit code 0 on `podman stop`', () => {
      const result = spawnSync(podmanScript, [...runtime, 'healthcheck', 'run', edgeName], { encoding: 'utf8' });
      expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
      podman([...runtime, 'stop', '--time', '15', edgeName]);
      expect(podman([...runtime, 'inspect', '--format', '{{.State.ExitCode}}', edgeName]).trim()).toBe('0');
    });
  });

  it('stops with exit code 0 on `podman stop` (SIGTERM)', () => {
    podman([...runtime, 'stop', '--time', '15', name]);
    expect(podman([...runtime, 'inspect', '--format', '{{.State.ExitCode}}', name]).trim()).toBe('0');
  });
});
