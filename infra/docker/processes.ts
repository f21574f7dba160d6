// The deployable processes: their entry file, output name, migrations and port. Shared by the bundler,
// the Dockerfile targets (same names) and the ops tests.

/** Schemas whose migrations the migrate job applies, in dependency-free order. */
export const schemas = ['identity', 'accounts', 'templates', 'mail', 'billing'];

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

export const processes: DeployableProcess[] = [
  { name: 'gateway', entry: 'gateway/src/server.ts', port: 8080, portVar: 'PORT', web: true },
  { name: 'identity', entry: 'services/identity/src/server.ts', port: 4001, portVar: 'IDENTITY_PORT', migrations: 'identity' },
  { name: 'accounts', entry: 'services/accounts/src/server.ts', port: 4002, portVar: 'ACCOUNTS_PORT', migrations: 'accounts' },
  {
    name: 'templates',
    entry: 'services/templates/src/server.ts',
    port: 4003,
    portVar: 'TEMPLATES_PORT',
    migrations: 'templates',
  },
  { name: 'mail', entry: 'services/mail/src/server.ts', port: 4004, portVar: 'MAIL_PORT', migrations: 'mail' },
  { name: 'billing', entry: 'services/billing/src/server.ts', port: 4005, portVar: 'BILLING_PORT', migrations: 'billing' },
  { name: 'mail-worker', entry: 'services/mail/src/worker.ts', port: 4010, portVar: 'WORKER_METRICS_PORT', migrations: 'mail' },
  { name: 'migrate', entry: 'infra/docker/migrate.ts', allMigrations: true },
];

/** Packages left out of bundles: native addons (and anything that loads files next to itself at run time). */
export const externalPackages = ['argon2'];
