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
}

const deployable = (spec: PlatformProcess): DeployableProcess => ({
  name: spec.name,
  entry: spec.entry,
  port: spec.defaultPort,
  portVar: spec.portVar,
  ...(spec.kind === 'gateway' ? { web: true } : {}),
  ...(spec.schema ? { migrations: spec.schema } : {}),
});

export const processes: DeployableProcess[] = [
  ...platformProcesses.map(deployable),
  { name: 'migrate', entry: 'infra/docker/migrate.ts', allMigrations: true },
];

/** Packages left out of bundles: native addons (and anything that loads files next to itself at run time). */
export const externalPackages = ['argon2'];
