// The deployable processes: the platform layout's processes (@mailwright/contracts) as the bundler, the
// Dockerfile targets (same names) and the ops tests need them, plus the migration job that only deploys have.
import { type PlatformProcess, platformProcesses, platformServices } from '@mailwright/contracts';

/** Schemas whose migrations the migrate job applies, in dependency-free order. */
export const schemas: string[] = platformServices.map((service) => service.schema);

export interface DeployableProcess {
  name: string;
  /** Entry file relative to the repository root. */
  entry: string;
  /** Port with /healthz, /readyz and /metrics (the worker's is its metrics listener). */
  port?: number;
  portVar?: string;
  /** Ships web/dist (the gateway). */
  web?: boolean;
  /** The schema whose drizzle/ folder ships beside the bundle (entries resolve `../drizzle`). */
  migrations?: string;
  /** Ships every schema's migrations under migrations/<schema> (the migrate job). */
  allMigrations?: boolean;
  /** Ships dist/tracing.mjs, the tracing register module its image loads with `node --import` (long-running processes). */
  traced?: boolean;
  /** V8 flags on its command line (Node refuses them in NODE_OPTIONS). */
  nodeFlags?: string[];
  /** Worker-thread entries, each bundled beside the entry as dist/<its name>.mjs. */
  threads?: readonly string[];
}

/**
 * The worker's young generation never shrinks below its largest size. After a quiet spell V8 shrinks it to 1 MB, and
 * when a backlog comes the worker collects garbage far more often until it has grown again: in the 15 s after two
 * quiet minutes, a worker capped at 0.1 core spent 11.5% of its CPU in the collector against 4.1% later in the same
 * drain, and delivered 104 emails/s against 151–172. A scheduled campaign after a quiet hour is that case.
 */
export const WORKER_NODE_FLAGS = ['--min-semi-space-size=16'];

const deployable = (spec: PlatformProcess): DeployableProcess => ({
  name: spec.name,
  entry: spec.entry,
  port: spec.defaultPort,
  portVar: spec.portVar,
  traced: true,
  ...(spec.threads ? { threads: spec.threads } : {}),
  ...(spec.name === 'mail-worker' ? { nodeFlags: WORKER_NODE_FLAGS } : {}),
  ...(spec.kind === 'gateway' ? { web: true } : {}),
  ...(spec.schema ? { migrations: spec.schema } : {}),
});

/** The bundle a process runs: dist/<entry's name>.mjs. */
export const bundleFileOf = (spec: DeployableProcess): string => `dist/${spec.entry.split('/').pop()?.replace(/\.ts$/, '')}.mjs`;

/**
 * The image's CMD (the Dockerfile's, checked by the ops and images tests): a traced process loads the tracing register
 * module before its bundle, which starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set and does nothing otherwise.
 * The WORKDIR is /app, which holds dist/.
 */
export const imageCommand = (spec: DeployableProcess): string[] => [
  'node',
  ...(spec.nodeFlags ?? []),
  ...(spec.traced ? ['--import', './dist/tracing.mjs'] : []),
  bundleFileOf(spec),
];

/**
 * nginx in front of the gateway (infra/edge): its image carries nginx and this entry, which configures nginx from the
 * environment and runs it. Not traced: the Node process only starts nginx and waits.
 */
export const edgeProcess: DeployableProcess = { name: 'edge', entry: 'infra/edge/edge.ts', port: 8080, portVar: 'PORT' };

export const processes: DeployableProcess[] = [
  ...platformProcesses.map(deployable),
  edgeProcess,
  { name: 'migrate', entry: 'infra/docker/migrate.ts', allMigrations: true },
];

/**
 * Packages left out of bundles and copied with their production dependencies into node_modules: native addons (and
 * anything that loads files next to itself at run time), and what tracing must see being loaded. OpenTelemetry patches
 * pg and ioredis as Node loads them (require-in-the-middle, and import-in-the-middle's loader hook, which must be the
 * real package: its hook and the patched modules share its lib/register.js); a bundled copy is never "loaded". http,
 * fetch (undici) and Fastify need nothing here: node:http is a built-in and the others publish on diagnostics_channel.
 */
export const externalPackages = ['argon2', 'pg', 'ioredis', 'import-in-the-middle'];
