// The processes that make up Mailwright and how to start them.
import path from 'node:path';

export interface ProcessSpec {
  name: string;
  /** Entry file relative to the repository root. */
  entry: string;
  /** Env var holding its port (the gateway uses PORT); workers have none. */
  portVar?: string;
  defaultPort?: number;
  /** Owner of a pgSchema with migrations in <package>/drizzle. */
  schema?: string;
  packageDir: string;
}

export const services: ProcessSpec[] = [
  {
    name: 'identity',
    entry: 'services/identity/src/server.ts',
    portVar: 'IDENTITY_PORT',
    defaultPort: 4001,
    schema: 'identity',
    packageDir: 'services/identity',
  },
  {
    name: 'accounts',
    entry: 'services/accounts/src/server.ts',
    portVar: 'ACCOUNTS_PORT',
    defaultPort: 4002,
    schema: 'accounts',
    packageDir: 'services/accounts',
  },
  {
    name: 'templates',
    entry: 'services/templates/src/server.ts',
    portVar: 'TEMPLATES_PORT',
    defaultPort: 4003,
    schema: 'templates',
    packageDir: 'services/templates',
  },
  {
    name: 'mail',
    entry: 'services/mail/src/server.ts',
    portVar: 'MAIL_PORT',
    defaultPort: 4004,
    schema: 'mail',
    packageDir: 'services/mail',
  },
  {
    name: 'billing',
    entry: 'services/billing/src/server.ts',
    portVar: 'BILLING_PORT',
    defaultPort: 4005,
    schema: 'billing',
    packageDir: 'services/billing',
  },
];

export const gateway: ProcessSpec = {
  name: 'gateway',
  entry: 'gateway/src/server.ts',
  portVar: 'PORT',
  defaultPort: 8080,
  packageDir: 'gateway',
};

export const mailWorker: ProcessSpec = { name: 'mail-worker', entry: 'services/mail/src/worker.ts', packageDir: 'services/mail' };

export const urlVarOf = (spec: ProcessSpec) => `${spec.name.toUpperCase()}_URL`;

export const migrationsFolder = (rootDir: string, spec: ProcessSpec) => path.join(rootDir, spec.packageDir, 'drizzle');
