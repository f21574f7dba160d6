// docs/service-skeleton.md as data: the rooms every package must have, and the only ones its src/ may have.
// A path ending in "/" is a folder. Paths are relative to the package folder.

export interface Skeleton {
  /** As the report names it. */
  name: string;
  /** The package folder, relative to the repository root. */
  dir: string;
  required: readonly string[];
  /** Every name allowed directly under src/ (a unit test beside an allowed file, `<name>.test.ts`, is allowed too). */
  allowedInSrc: readonly string[];
}

/** The composition root and its configuration. */
const PROCESS = ['src/server.ts', 'src/app.ts', 'src/config.ts'];
/** A service with a database: generated migrations, the handle's one home, tables and every SQL statement. */
const DATABASE = ['drizzle/', 'src/db/client.ts', 'src/db/schema/', 'src/db/queries/'];
// operations/: what the operator CLI (infra/admin) calls on the service's own data, outside any request.
const SERVICE_SRC = ['server.ts', 'app.ts', 'config.ts', 'deps.ts', 'routes', 'domain', 'db', 'adapters', 'operations'];

const service = (name: string): Skeleton => ({
  name,
  dir: `services/${name}`,
  required: [...PROCESS, 'src/deps.ts', 'src/routes/', 'src/domain/', ...DATABASE],
  allowedInSrc: SERVICE_SRC,
});

/** The mail service groups its use cases by capability; each capability slice has its own deps type. */
export const MAIL_SLICES = [
  'sending',
  'outbox',
  'delivery',
  'senders',
  'feedback',
  'suppressions',
  'tracking',
  'webhooks',
  'emails',
  'retention',
] as const;

export const SKELETONS: readonly Skeleton[] = [
  service('identity'),
  service('accounts'),
  service('templates'),
  service('billing'),
  {
    name: 'mail',
    dir: 'services/mail',
    required: [
      ...PROCESS,
      'src/worker.ts',
      'src/routes/',
      'src/queues/',
      ...MAIL_SLICES.map((slice) => `src/${slice}/deps.ts`),
      ...DATABASE,
    ],
    allowedInSrc: [
      'server.ts',
      'worker.ts',
      'app.ts',
      'worker-app.ts',
      'config.ts',
      'deps.ts',
      'routes',
      'adapters',
      'db',
      'queues',
      'operations',
      ...MAIL_SLICES,
    ],
  },
  {
    // No database: identity, billing and mail hold everything; smtp/ is the protocol (smtp-server handlers).
    name: 'smtp-intake',
    dir: 'services/smtp-intake',
    required: [...PROCESS, 'src/deps.ts', 'src/metrics.ts', 'src/domain/', 'src/adapters/', 'src/smtp/'],
    allowedInSrc: ['server.ts', 'app.ts', 'config.ts', 'deps.ts', 'metrics.ts', 'domain', 'adapters', 'smtp'],
  },
  {
    name: 'gateway',
    dir: 'gateway',
    required: [...PROCESS, 'src/deps.ts', 'src/routes/', 'src/plugins/', 'src/adapters/'],
    allowedInSrc: ['server.ts', 'app.ts', 'config.ts', 'deps.ts', 'routes', 'plugins', 'adapters'],
  },
];
