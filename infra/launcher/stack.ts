// Starts the whole platform as processes: migrations, services, workers and the gateway.
// Used by `npm start`, the end-to-end suites and the benchmark. Which processes, entries and ports: the
// platform layout in @mailwright/contracts.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, createWriteStream, existsSync, mkdirSync, openSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import {
  gatewayProcess,
  intakeProcesses,
  mailWorkerProcess,
  type PlatformProcess,
  platformServices,
} from '@mailwright/contracts';
import { ensureDatabase, isTracingConfigured, readConfig, runMigrations } from '@mailwright/kit';
import { GatewayConfigSchema } from '../../gateway/src/config';
import { imageCommand, processes } from '../docker/processes';
import { gatewaySideOfEdge } from '../edge/edge-config';
import { nginxPath } from '../edge/nginx-binary';
import { startEdgeNginx } from '../edge/start-edge';
import { trustTheEdge } from '../edge/trust-the-edge';
import { freePort } from './free-port';
import { formatLogLine, lineSplitter } from './log-lines';
import { listenerPortKey, stackEnvironment } from './stack-environment';
import { selfSignedTlsPair } from './tls-pair';

export interface StackOptions {
  rootDir: string;
  databaseUrl: string;
  redisUrl: string;
  secrets: Record<string, string>;
  /** 'default' uses the documented ports; 'random' picks free ones (tests, benchmarks). */
  ports: 'default' | 'random';
  workers?: number;
  /** Extra environment for every process (provider endpoints, SMTP, limits). */
  env?: Record<string, string>;
  /**
   * Runs each process from its production bundle in <bundleDir>/<name> (infra/docker/bundle.ts) as its image
   * starts it, instead of from source through tsx: what the benchmark's --bundled measures.
   */
  bundleDir?: string;
  /** Where process output goes: the terminal with prefixes, or one file per process in logDir. */
  output: 'terminal' | 'files';
  logDir?: string;
  log?: (line: string) => void;
  /** False leaves out the SMTP intake (started by default when its TLS pair is configured or openssl can make one). */
  smtpIntake?: boolean;
  /** Called before any process starts, so a caller interrupted while the stack starts can still stop it. */
  onCreated?: (stack: Stack) => void;
  /**
   * nginx in front of the gateway, on the public port (infra/edge): the send API's data path skips the gateway.
   * Refused with a clear message where nginx is not installed.
   */
  edge?: boolean;
}

/** The edge's name among the stack's processes. */
export const EDGE_PROCESS = 'edge';

interface Running {
  /** Absent for the edge's nginx, which is not one of the platform's Node processes. */
  spec?: PlatformProcess;
  child: ChildProcess;
  port?: number;
  logFile?: WriteStream;
}

export class Stack {
  readonly processes = new Map<string, Running>();
  /** Variables one process was restarted with on top of the stack's (`restart(name, { env })`). */
  private readonly envOverrides = new Map<string, Record<string, string | undefined>>();
  /** Bundles one process was restarted from instead of the stack's (`restart(name, { bundleDir })`). */
  private readonly bundleOverrides = new Map<string, string>();
  private workerCount = 0;
  private stopping = false;

  constructor(
    readonly options: StackOptions,
    readonly env: Record<string, string>,
    readonly gatewayUrl: string,
    readonly ports: Map<string, number>,
  ) {}

  urlOf(name: string): string {
    return `http://127.0.0.1:${this.ports.get(name)}`;
  }

  /**
   * Starts one process and waits until it answers /healthz. Each mail worker gets its own free metrics port
   * (WORKER_METRICS_PORT; several run on one machine) and is waited on through that port's /healthz.
   */
  async start(spec: PlatformProcess, nameOverride?: string): Promise<void> {
    const name = nameOverride ?? spec.name;
    const { rootDir } = this.options;
    const isWorker = spec.kind === 'worker';
    const previous = this.processes.get(name);
    const port = isWorker ? (previous?.port ?? (await freePort())) : this.ports.get(spec.name);
    const bundleDir = this.bundleOverrides.get(name) ?? this.options.bundleDir;
    const env: Record<string, string | undefined> = {
      ...process.env,
      ...(bundleDir ? imageEnv(spec, bundleDir) : {}),
      ...this.env,
      ...this.envOverrides.get(name),
      ...(isWorker ? { [spec.portVar]: String(port) } : {}),
    };
    // Every worker is one service in traces (its spans carry their own host and process ids).
    env.OTEL_SERVICE_NAME = spec.name;
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
    const [args, cwd] = bundleDir
      ? [bundledCommand(spec), path.join(bundleDir, spec.name)]
      : [[...sourceNodeFlags(spec), ...nodeImports(env), path.join(rootDir, spec.entry)], path.join(rootDir, spec.packageDir)];
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const running: Running = { spec, child, port };
    this.adopt(name, running);
    if (port) await waitForHealth(`http://127.0.0.1:${port}${spec.healthPath}`, child, name);
    else await waitForStart(child, name);
  }

  /** Puts the edge's nginx in front of the gateway, on the public port (infra/edge), configured as the gateway is. */
  async startEdge(binary: string): Promise<void> {
    const port = this.ports.get(EDGE_PROCESS);
    if (port === undefined) throw new Error('the stack was not started with an edge');
    const source = { ...process.env, ...this.env };
    const gateway = readConfig(GatewayConfigSchema, { ...source, ...this.envOverrides.get(gatewayProcess.name) });
    const publicHost = this.env.HOST ?? process.env.HOST ?? (this.options.ports === 'random' ? '127.0.0.1' : '0.0.0.0');
    const logFile =
      this.options.output === 'files' ? openSync(path.join(this.logDirectory(), `${EDGE_PROCESS}.log`), 'a') : undefined;
    const nginx = await startEdgeNginx(
      binary,
      {
        host: publicHost,
        port,
        gatewayUrl: this.urlOf(gatewayProcess.name),
        ...gatewaySideOfEdge(gateway, source.TRUST_PROXY),
        workers: Number(source.EDGE_WORKERS ?? 1),
      },
      logFile === undefined ? 'inherit' : logFile,
    );
    if (logFile !== undefined) nginx.child.once('exit', () => closeSync(logFile));
    this.processes.set(EDGE_PROCESS, { child: nginx.child, port });
  }

  private logDirectory(): string {
    const dir = this.options.logDir ?? path.join(this.options.rootDir, '.data', 'logs');
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  /** Sends a process's output where the stack's goes, and keeps it among the stack's processes. */
  private adopt(name: string, running: Running): void {
    const { child } = running;
    if (this.options.output === 'files') {
      running.logFile = createWriteStream(path.join(this.logDirectory(), `${name}.log`), { flags: 'a' });
      child.stdout?.pipe(running.logFile, { end: false });
      child.stderr?.pipe(running.logFile, { end: false });
    } else {
      const prefix = `[${name}]`.padEnd(16);
      const print = lineSplitter((line) => process.stdout.write(`${formatLogLine(prefix, line)}\n`));
      child.stdout?.on('data', print);
      child.stderr?.on('data', print);
    }
    this.processes.set(name, running);
    child.on('exit', (code, signal) => {
      if (!this.stopping && this.processes.get(name) === running) {
        this.options.log?.(`${name} exited (${signal ?? code})`);
      }
    });
  }

  /** Variables one process starts with on top of the stack's (as `restart(name, { env })` sets them). */
  overrideEnv(name: string, env: Record<string, string | undefined>): void {
    this.envOverrides.set(name, env);
  }

  /** A worker's metrics URL (GET /metrics, /healthz, /readyz). */
  metricsUrlOf(workerName: string): string | undefined {
    const port = this.processes.get(workerName)?.port;
    return port ? `http://127.0.0.1:${port}` : undefined;
  }

  async addWorker(): Promise<string> {
    this.workerCount += 1;
    const name = `${mailWorkerProcess.name}-${this.workerCount}`;
    await this.start(mailWorkerProcess, name);
    return name;
  }

  /** Sends a signal and waits for the process to exit (fault-injection tests use SIGKILL). */
  async kill(name: string, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const running = this.processes.get(name);
    if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
    const exited = new Promise((resolve) => running.child.once('exit', resolve));
    running.child.kill(signal);
    await exited;
    running.logFile?.end();
  }

  /**
   * Restarts one process. With `env`, that process (only) runs with those variables over the stack's from now on
   * (undefined removes one); `{ env: {} }` puts it back on the stack's own. With `bundleDir`, it runs from those
   * bundles from now on (another checkout's, to compare two versions of one process in one stack).
   */
  async restart(name: string, options: { env?: Record<string, string | undefined>; bundleDir?: string } = {}): Promise<void> {
    const running = this.processes.get(name);
    if (!running?.spec) throw new Error(`${name} is not a platform process that can be restarted`);
    if (options.env) this.envOverrides.set(name, options.env);
    if (options.bundleDir) this.bundleOverrides.set(name, options.bundleDir);
    const { spec } = running;
    await this.kill(name);
    await this.start(spec, name);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const names = [...this.processes.keys()];
    // The gateway and the intakes first so no new work arrives, then workers and services.
    const entrances = new Set<string>([EDGE_PROCESS, gatewayProcess.name, ...intakeProcesses.map((spec) => spec.name)]);
    names.sort((a, b) => Number(entrances.has(b)) - Number(entrances.has(a)));
    for (const name of names) {
      const running = this.processes.get(name);
      if (!running) continue;
      const timer = setTimeout(() => running.child.kill('SIGKILL'), 12_000);
      await this.kill(name);
      clearTimeout(timer);
    }
  }
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const present = platformServices.filter((spec) => existsSync(path.join(options.rootDir, spec.entry)));
  await ensureDatabase(options.databaseUrl);
  for (const spec of present) {
    const folder = path.join(options.rootDir, spec.packageDir, 'drizzle');
    if (existsSync(folder)) await runMigrations(options.databaseUrl, spec.schema, folder);
  }

  const ports = new Map<string, number>();
  for (const spec of [...present, gatewayProcess]) {
    ports.set(spec.name, options.ports === 'random' ? await freePort() : (spec.defaultPort ?? 0));
  }
  const intakeTls = intakeTlsEnv(options, log);
  const intakes = intakeTls ? intakeProcesses.filter((spec) => existsSync(path.join(options.rootDir, spec.entry))) : [];
  for (const spec of intakes) {
    ports.set(spec.name, options.ports === 'random' ? await freePort() : spec.defaultPort);
    for (const listener of spec.listeners ?? []) {
      if (listener.localPort === null) continue;
      const port = options.ports === 'random' ? await freePort() : listener.localPort;
      ports.set(listenerPortKey(spec.name, listener.name), port);
    }
  }
  const gatewayPort = ports.get(gatewayProcess.name) ?? gatewayProcess.defaultPort;
  const env = stackEnvironment({ ...options, env: { ...intakeTls, ...options.env } }, ports);
  const nginx = options.edge ? nginxPath() : null;
  if (options.edge) {
    if (!nginx) throw new Error('EDGE=nginx needs nginx installed (Debian: apt-get install nginx-light)');
    // nginx takes the public port; the gateway listens on a loopback one behind it and believes its X-Forwarded-For.
    ports.set(EDGE_PROCESS, gatewayPort);
    ports.set(gatewayProcess.name, await freePort());
  }

  const stack = new Stack(options, env, `http://127.0.0.1:${gatewayPort}`, ports);
  if (options.edge) {
    stack.overrideEnv(gatewayProcess.name, {
      [gatewayProcess.portVar]: String(ports.get(gatewayProcess.name)),
      HOST: '127.0.0.1',
      TRUST_PROXY: trustTheEdge(env.TRUST_PROXY ?? process.env.TRUST_PROXY).gateway,
    });
  }
  options.onCreated?.(stack);
  try {
    await Promise.all(present.map((spec) => stack.start(spec)));
    const workers = existsSync(path.join(options.rootDir, mailWorkerProcess.entry)) ? (options.workers ?? 1) : 0;
    for (let i = 0; i < workers; i++) await stack.addWorker();
    await stack.start(gatewayProcess);
    if (nginx) await stack.startEdge(nginx);
    for (const spec of intakes) await stack.start(spec);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  log(`started ${[...stack.processes.keys()].join(', ')}`);
  return stack;
}

/**
 * The SMTP intake's TLS pair: the configured one (SMTP_INTAKE_TLS_CERT/KEY in the stack's or the shell's
 * environment), else a self-signed one in .data/tls/; null (the intake is left out) when neither is possible.
 */
function intakeTlsEnv(options: StackOptions, log: (line: string) => void): Record<string, string> | null {
  if (options.smtpIntake === false) return null;
  const configured = options.env?.SMTP_INTAKE_TLS_CERT ?? process.env.SMTP_INTAKE_TLS_CERT;
  if (configured) return {};
  const pair = selfSignedTlsPair(path.join(options.rootDir, '.data', 'tls'), log);
  if (!pair) {
    log('openssl is not installed: the SMTP intake is not started (set SMTP_INTAKE_TLS_CERT and SMTP_INTAKE_TLS_KEY)');
    return null;
  }
  return { SMTP_INTAKE_TLS_CERT: pair.certFile, SMTP_INTAKE_TLS_KEY: pair.keyFile };
}

/** The process as processes.ts deploys it (its bundle, image command and flags); undefined for none. */
const deployableOf = (spec: PlatformProcess) => processes.find((candidate) => candidate.name === spec.name);

/** The process's image command without `node`: the tracing module (a no-op without an endpoint), then the bundle. */
function bundledCommand(spec: PlatformProcess): string[] {
  const deployable = deployableOf(spec);
  if (!deployable) throw new Error(`no bundle is built for ${spec.name}`);
  return imageCommand(deployable).slice(1);
}

/** What its image's Dockerfile sets besides the command: where the gateway's bundle carries the web app. */
function imageEnv(spec: PlatformProcess, bundleDir: string): Record<string, string> {
  return deployableOf(spec)?.web ? { WEB_DIST: path.join(bundleDir, spec.name, 'web') } : {};
}

/** The V8 flags its image starts it with (processes.ts). */
function sourceNodeFlags(spec: PlatformProcess): string[] {
  return deployableOf(spec)?.nodeFlags ?? [];
}

/** tsx, then (with an OTLP endpoint configured) the tracing register module, which must load before the app. */
function nodeImports(env: Record<string, string | undefined>): string[] {
  const imports = ['--import', 'tsx'];
  if (isTracingConfigured(env)) imports.push('--import', '@mailwright/kit/tracing/register');
  return imports;
}

async function waitForHealth(url: string, child: ChildProcess, name: string): Promise<void> {
  // STACK_START_TIMEOUT_MS: a machine loaded by other work may need longer (the benchmark on a shared host).
  const timeoutMs = Number(process.env.STACK_START_TIMEOUT_MS) || 60_000;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} during start-up`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${name} did not become healthy within ${timeoutMs / 1000} s`);
}

async function waitForStart(child: ChildProcess, name: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} during start-up`);
}
