// The platform's layout, declared once: every process (entry file, port, health path, schema) and the
// gateway's public route table (which path prefix goes to which service with which body limit, and which
// routes need no caller). The launcher (`npm start`), the gateway, the whole-stack and fault stacks, the
// bundler and the compose/k8s checks all read this file; nothing else lists processes, ports or prefixes.

export type ServiceName = 'identity' | 'accounts' | 'templates' | 'mail' | 'billing';
export type ProcessName = ServiceName | 'gateway' | 'mail-worker' | 'smtp-intake';
/** The variable a process reaches a service by (`IDENTITY_URL`). */
export type ServiceUrlVar = `${Uppercase<ServiceName>}_URL`;

export interface PlatformProcess {
  name: ProcessName;
  /**
   * `service`: an HTTP service behind the gateway; `worker`: runs jobs, serves only metrics and health; `intake`:
   * speaks another protocol to the public (`listeners`), with metrics and health on its HTTP port.
   */
  kind: 'gateway' | 'service' | 'worker' | 'intake';
  /** Entry file relative to the repository root. */
  entry: string;
  /** Its npm workspace, relative to the repository root (the process runs from here). */
  packageDir: string;
  /** The variable holding its listening port (the worker's metrics and health listener). */
  portVar: string;
  defaultPort: number;
  /** Answers 200 while the process is alive; `readyPath` while its dependencies answer too. */
  healthPath: '/healthz';
  readyPath: '/readyz';
  /** The pgSchema whose migrations live in `<packageDir>/drizzle`. */
  schema?: ServiceName;
  /** Public non-HTTP listeners (an intake's). */
  listeners?: readonly PublicListener[];
  /** Worker-thread entry files it starts, relative to the repository root; a bundle has each beside its entry. */
  threads?: readonly string[];
}

export interface PublicListener {
  name: string;
  portVar: string;
  /** `npm start`'s port; null: off unless configured. */
  localPort: number | null;
  /** The port the process listens on in its container (unprivileged: the image runs as a plain user). */
  containerPort: number;
  /** The port compose and the k8s Service publish it on. */
  publicPort: number;
}

export interface PlatformService extends PlatformProcess {
  name: ServiceName;
  kind: 'service';
  schema: ServiceName;
}

const health = { healthPath: '/healthz', readyPath: '/readyz' } as const;

const service = (name: ServiceName, defaultPort: number): PlatformService => ({
  name,
  kind: 'service',
  entry: `services/${name}/src/server.ts`,
  packageDir: `services/${name}`,
  portVar: `${name.toUpperCase()}_PORT`,
  defaultPort,
  schema: name,
  ...health,
});

/** The HTTP services, in start order. */
export const platformServices: readonly PlatformService[] = [
  service('identity', 4001),
  service('accounts', 4002),
  service('templates', 4003),
  // Large HTML bodies are read on a thread of their own (sending/large-body-reads.ts).
  { ...service('mail', 4004), threads: ['services/mail/src/sending/html-body-thread.ts'] },
  service('billing', 4005),
];

export const mailWorkerProcess: PlatformProcess = {
  name: 'mail-worker',
  kind: 'worker',
  entry: 'services/mail/src/worker.ts',
  packageDir: 'services/mail',
  portVar: 'WORKER_METRICS_PORT',
  defaultPort: 4010,
  schema: 'mail',
  ...health,
};

export const gatewayProcess: PlatformProcess = {
  name: 'gateway',
  kind: 'gateway',
  entry: 'gateway/src/server.ts',
  packageDir: 'gateway',
  portVar: 'PORT',
  defaultPort: 8080,
  ...health,
};

/**
 * SMTP submission (services/smtp-intake): applications sign in with an API key and the mail service accepts their
 * messages. Run by `npm start` (which makes a self-signed TLS pair when none is configured) and the k8s manifests.
 */
export const smtpIntakeProcess: PlatformProcess = {
  name: 'smtp-intake',
  kind: 'intake',
  entry: 'services/smtp-intake/src/server.ts',
  packageDir: 'services/smtp-intake',
  portVar: 'SMTP_INTAKE_HTTP_PORT',
  defaultPort: 4012,
  listeners: [
    { name: 'submission', portVar: 'SMTP_INTAKE_PORT', localPort: 2587, containerPort: 2587, publicPort: 587 },
    { name: 'submissions', portVar: 'SMTP_INTAKE_TLS_PORT', localPort: null, containerPort: 2465, publicPort: 465 },
  ],
  ...health,
};

/** Every long-running process: the services, the mail worker, the gateway, the SMTP intake. */
export const platformProcesses: readonly PlatformProcess[] = [
  ...platformServices,
  mailWorkerProcess,
  gatewayProcess,
  smtpIntakeProcess,
];

/** Processes that take traffic from the public in another protocol than HTTP. */
export const intakeProcesses: readonly PlatformProcess[] = [smtpIntakeProcess];

export const serviceUrlVar = (name: ServiceName): ServiceUrlVar => `${name.toUpperCase() as Uppercase<ServiceName>}_URL`;

const KB = 1024;
const MB = 1024 * KB;

export interface GatewayRoute {
  /** Public path prefix at the gateway. */
  prefix: string;
  /** The same requests' prefix at the service. */
  rewritePrefix: string;
  service: ServiceName;
  /** Largest request body forwarded; checked at the edge so an oversized upload never reaches the service. */
  bodyLimit: number;
}

/** The gateway's public prefixes and the service behind each one. */
export const gatewayRoutes: readonly GatewayRoute[] = [
  { prefix: '/api/auth', rewritePrefix: '/auth', service: 'identity', bodyLimit: 256 * KB },
  { prefix: '/api/api-keys', rewritePrefix: '/api-keys', service: 'identity', bodyLimit: 64 * KB },
  { prefix: '/api/email-accounts', rewritePrefix: '/email-accounts', service: 'accounts', bodyLimit: 256 * KB },
  { prefix: '/api/sender-pools', rewritePrefix: '/sender-pools', service: 'accounts', bodyLimit: 64 * KB },
  { prefix: '/api/templates', rewritePrefix: '/templates', service: 'templates', bodyLimit: 1.25 * MB },
  { prefix: '/api/emails', rewritePrefix: '/emails', service: 'mail', bodyLimit: 16 * MB },
  { prefix: '/api/webhooks', rewritePrefix: '/webhooks', service: 'mail', bodyLimit: 256 * KB },
  // A 100,000-row CSV import streams through (SUPPRESSION_LIMITS.importMaxBytes).
  { prefix: '/api/suppressions', rewritePrefix: '/suppressions', service: 'mail', bodyLimit: 32 * MB },
  { prefix: '/api/payments', rewritePrefix: '/payments', service: 'billing', bodyLimit: 256 * KB },
  { prefix: '/t', rewritePrefix: '/t', service: 'mail', bodyLimit: 16 * KB },
  // RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click`, a person GETs the page.
  { prefix: '/u', rewritePrefix: '/u', service: 'mail', bodyLimit: 16 * KB },
  // The Resend-compatible API (resend-compat.ts): Resend's SDKs with RESEND_BASE_URL pointed here.
  { prefix: '/compat/resend', rewritePrefix: '/compat/resend', service: 'mail', bodyLimit: 16 * MB },
];

/** Routes anyone may call (matched on the normalised path, without the query). Every other route needs a caller. */
export const publicRoutes: ReadonlyArray<readonly [method: string, pattern: RegExp]> = [
  ['POST', /^\/api\/auth\/(signup|login|forgot-password|resend-verification|exchange)$/],
  ['GET', /^\/api\/auth\/verify-email\/[^/]+$/],
  ['POST', /^\/api\/auth\/reset-password\/[^/]+$/],
  ['GET', /^\/api\/auth\/(google|github|microsoft)(\/callback)?$/],
  ['GET', /^\/api\/email-accounts\/(gmail|outlook)\/(connect|callback)$/],
  ['GET', /^\/api\/payments\/plans$/],
  ['POST', /^\/api\/payments\/webhook$/],
  ['GET', /^\/t\/.+$/],
  ['HEAD', /^\/t\/.+$/],
  ['GET', /^\/u\/[^/]+$/],
  ['POST', /^\/u\/[^/]+$/],
];

/** The public API: called with an API key instead of a user session. */
export const apiKeyRoutes = /^\/api\/emails\/api(\/|$)|^\/compat\/resend(\/|$)/;

/**
 * API-key routes whose clients send the key as `Authorization: Bearer <key>` (Resend's SDKs) and read errors in
 * Resend's shape, gateway errors included.
 */
export const bearerApiKeyRoutes = /^\/compat\/resend(\/|$)/;

/**
 * POSTs throttled per client address: sign-in, sign-up, the reset and verification mails and the social sign-in
 * code exchange.
 */
export const clientIpThrottledRoutes: ReadonlySet<string> = new Set([
  '/api/auth/login',
  '/api/auth/signup',
  '/api/auth/forgot-password',
  '/api/auth/resend-verification',
  '/api/auth/exchange',
]);

/** PUTs throttled per user: they check the current password. */
export const userThrottledRoutes: ReadonlySet<string> = new Set(['/api/auth/change-password']);
