// The smtp-intake process's environment, validated once at start. It has no database: API keys come from identity,
// plans from billing, senders and accepted messages from mail; Redis holds the per-key limits shared by instances.
import { LOOPBACK_HOST, metricsConfig, redisConfig, serviceUrls } from '@mailwright/kit';
import { type Static, Type } from '@sinclair/typebox';

const port = (defaultPort: number) => Type.Integer({ default: defaultPort, minimum: 0, maximum: 65535 });

export const ConfigSchema = Type.Object({
  /** Where the SMTP listeners bind unless SMTP_INTAKE_HOST says otherwise (0.0.0.0 in the images). */
  HOST: Type.String({ default: LOOPBACK_HOST }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  INTERNAL_SECRET: Type.String({ minLength: 32 }),
  ...metricsConfig,
  ...redisConfig,
  // Identity (API keys), billing (plans) and mail (senders, accepting) are called; every URL is read, as in the other
  // processes, so one environment serves them all.
  ...serviceUrls,
  /** The HTTP listener (GET /healthz, /readyz, /metrics), like the mail worker's metrics listener. */
  SMTP_INTAKE_HTTP_PORT: port(4012),
  /** Where it binds: loopback unless configured; any other address requires METRICS_TOKEN. */
  SMTP_INTAKE_HTTP_HOST: Type.String({ default: LOOPBACK_HOST }),
  /** Where the SMTP listeners bind; HOST when unset. On loopback, AUTH is allowed before TLS. */
  SMTP_INTAKE_HOST: Type.Optional(Type.String({ minLength: 1 })),
  SMTP_INTAKE_PORT: port(2587),
  /** A second listener with implicit TLS (465 in the images); unset: none (0: any free port, for tests). */
  SMTP_INTAKE_TLS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  /** PEM files of the certificate (with its chain) and its private key. */
  SMTP_INTAKE_TLS_CERT: Type.String({ minLength: 1 }),
  SMTP_INTAKE_TLS_KEY: Type.String({ minLength: 1 }),
  /** The name the server greets with; the machine's host name when unset. */
  SMTP_INTAKE_NAME: Type.String({ default: '' }),
  /** Connections one API key may hold at once, over every intake instance sharing the Redis. */
  SMTP_INTAKE_MAX_CONNECTIONS_PER_KEY: Type.Integer({ default: 10, minimum: 1, maximum: 10_000 }),
  /** Messages one API key may start per minute (MAIL FROM), over every instance. */
  SMTP_INTAKE_MESSAGES_PER_MINUTE: Type.Integer({ default: 600, minimum: 1, maximum: 1_000_000 }),
  /** Connections one instance holds at once, signed in or not. */
  SMTP_INTAKE_MAX_CLIENTS: Type.Integer({ default: 1_000, minimum: 1, maximum: 100_000 }),
  /** A client silent this long is dropped (421). */
  SMTP_INTAKE_SOCKET_TIMEOUT_MS: Type.Integer({ default: 60_000, minimum: 100 }),
  /** On shutdown, connections still open after this long are closed (421). */
  SMTP_INTAKE_CLOSE_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 100 }),
  /** How long the mail service may take to accept one message before the client is told to retry (451). */
  SMTP_INTAKE_ACCEPT_TIMEOUT_MS: Type.Integer({ default: 30_000, minimum: 100 }),
  /** How long one DATA transfer may take, however steadily the bytes come; past it: 451 and the connection closed. */
  SMTP_INTAKE_DATA_TIMEOUT_MS: Type.Integer({ default: 300_000, minimum: 100 }),
  /** Failed sign-ins (535) one client address may make within the window before AUTH answers 421, over every instance. */
  SMTP_INTAKE_AUTH_FAILURES_MAX: Type.Integer({ default: 10, minimum: 1, maximum: 10_000 }),
  SMTP_INTAKE_AUTH_FAILURE_WINDOW_S: Type.Integer({ default: 300, minimum: 1, maximum: 86_400 }),
  /** Prefix of the Redis keys holding the per-key limits (several installations may share one Redis). */
  SMTP_INTAKE_REDIS_PREFIX: Type.String({ default: 'mailwright:smtp-intake', pattern: '^[A-Za-z0-9_.:-]+$' }),
});

export type Config = Static<typeof ConfigSchema>;

/** The address the SMTP listeners bind to. */
export const smtpHost = (config: Config): string => config.SMTP_INTAKE_HOST ?? config.HOST;
