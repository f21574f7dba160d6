// The composition root of the smtp-intake process: builds the deps, starts the SMTP listeners (STARTTLS, and implicit
// TLS when configured) and the HTTP listener with /healthz, /readyz and /metrics.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTP_INTAKE_LIMITS } from '@mailwright/contracts';
import {
  BillingEntitlements,
  InternalClient,
  loggerOptions,
  type MetricsRegistry,
  processMetrics,
  serveMetrics,
  withTimeout,
} from '@mailwright/kit';
import { Redis } from 'ioredis';
import pino from 'pino';
import type { SMTPServer } from 'smtp-server';
import { IdentityApiKeys } from './adapters/identity-api-keys';
import { IdentityKeyUsage } from './adapters/identity-key-usage';
import { MailIntakeClient } from './adapters/mail-intake-client';
import { RedisKeyLimits } from './adapters/redis-key-limits';
import { RedisSignInFailures } from './adapters/redis-sign-in-failures';
import { type Config, smtpHost } from './config';
import type { IntakeDeps } from './deps';
import { intakeMetrics } from './metrics';
import { createIntakeServer, type ListenerOptions } from './smtp/intake-server';

export interface IntakeTls {
  key: Buffer;
  cert: Buffer;
}

export interface IntakeOverrides extends Partial<Omit<IntakeDeps, 'metrics'>> {
  /** Defaults to the process registry (tests starting several intakes in one process pass their own). */
  metrics?: MetricsRegistry;
}

export interface RunningIntake {
  /** The bound ports (tests listen on 0 and read them here); tlsPort is null without the implicit-TLS listener. */
  smtpPort: number;
  tlsPort: number | null;
  httpPort: number;
  close(): Promise<void>;
}

export async function startIntake(config: Config, tls: IntakeTls, overrides: IntakeOverrides = {}): Promise<RunningIntake> {
  const log = overrides.log ?? pino(loggerOptions('smtp-intake', config.LOG_LEVEL));
  const client = new InternalClient(config.INTERNAL_SECRET, 'smtp-intake');
  const registry = overrides.metrics ?? processMetrics('smtp-intake');
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  redis.on('error', (error) => log.warn({ err: error }, 'redis error'));
  await redis.connect().catch((error: unknown) => log.warn({ err: error }, 'redis unreachable at start'));
  const keyLimits = new RedisKeyLimits(redis, {
    prefix: config.SMTP_INTAKE_REDIS_PREFIX,
    maxConnectionsPerKey: config.SMTP_INTAKE_MAX_CONNECTIONS_PER_KEY,
    messagesPerMinute: config.SMTP_INTAKE_MESSAGES_PER_MINUTE,
  });
  const keyUsage = new IdentityKeyUsage(client, redis, log, {
    identityUrl: config.IDENTITY_URL,
    prefix: config.SMTP_INTAKE_REDIS_PREFIX,
  });
  const deps: IntakeDeps = {
    apiKeys: overrides.apiKeys ?? new IdentityApiKeys(client, config.IDENTITY_URL),
    entitlements: overrides.entitlements ?? new BillingEntitlements(client, config.BILLING_URL),
    mail: overrides.mail ?? new MailIntakeClient(client, config.MAIL_URL, config.SMTP_INTAKE_ACCEPT_TIMEOUT_MS),
    limits: overrides.limits ?? keyLimits,
    signInFailures:
      overrides.signInFailures ??
      new RedisSignInFailures(redis, {
        prefix: config.SMTP_INTAKE_REDIS_PREFIX,
        maxFailures: config.SMTP_INTAKE_AUTH_FAILURES_MAX,
        windowMs: config.SMTP_INTAKE_AUTH_FAILURE_WINDOW_S * 1000,
      }),
    keyUsage: overrides.keyUsage ?? keyUsage,
    metrics: intakeMetrics(registry),
    log,
    settings: overrides.settings ?? {
      messageMaxBytes: SMTP_INTAKE_LIMITS.messageMaxBytes,
      recipientsMax: SMTP_INTAKE_LIMITS.recipientsMax,
      acceptTimeoutMs: config.SMTP_INTAKE_ACCEPT_TIMEOUT_MS,
      dataTimeoutMs: config.SMTP_INTAKE_DATA_TIMEOUT_MS,
    },
  };

  const listener = (kind: ListenerOptions['kind']): SMTPServer =>
    createIntakeServer(deps, {
      kind,
      host: smtpHost(config),
      name: config.SMTP_INTAKE_NAME,
      tls,
      maxClients: config.SMTP_INTAKE_MAX_CLIENTS,
      socketTimeoutMs: config.SMTP_INTAKE_SOCKET_TIMEOUT_MS,
      closeTimeoutMs: config.SMTP_INTAKE_CLOSE_TIMEOUT_MS,
    });
  const servers: SMTPServer[] = [];
  let http: Server | undefined;
  const close = async () => {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    if (http) {
      const server = http;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
    keyLimits.close();
    await keyUsage.close();
    redis.disconnect();
  };

  try {
    const starttls = listener('starttls');
    servers.push(starttls);
    const smtpPort = await listen(starttls, config.SMTP_INTAKE_PORT, smtpHost(config));
    let tlsPort: number | null = null;
    if (config.SMTP_INTAKE_TLS_PORT !== undefined) {
      const implicit = listener('tls');
      servers.push(implicit);
      tlsPort = await listen(implicit, config.SMTP_INTAKE_TLS_PORT, smtpHost(config));
    }
    http = await serveMetrics(registry, {
      port: config.SMTP_INTAKE_HTTP_PORT,
      host: config.SMTP_INTAKE_HTTP_HOST,
      token: config.METRICS_TOKEN,
      hostVariable: 'SMTP_INTAKE_HTTP_HOST',
      isReady: async () => (await withTimeout(redis.ping(), 1_000, 'Redis ping')) === 'PONG',
    });
    log.info({ smtpPort, tlsPort }, 'smtp intake listening');
    return { smtpPort, tlsPort, httpPort: (http.address() as AddressInfo).port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function listen(server: SMTPServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}
