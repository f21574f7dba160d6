// The gateway's configuration, validated at boot.
import { baseServiceConfig, checkMetricsExposure, LOOPBACK_HOST, metricsConfig, serviceUrls } from '@mailwright/kit';
import { type Static, Type } from '@sinclair/typebox';
import { parseTrustProxy } from './plugins/trusted-proxies';

export const GatewayConfigSchema = Type.Object({
  PORT: Type.Integer({ default: 8080, minimum: 0, maximum: 65535 }),
  HOST: Type.String({ default: '0.0.0.0' }),
  LOG_LEVEL: baseServiceConfig.LOG_LEVEL,
  PUBLIC_URL: Type.String({ default: 'http://localhost:8080' }),
  INTERNAL_SECRET: Type.String({ minLength: 32 }),
  /**
   * X-Forwarded-For entries to believe: the number of proxies in front of the gateway (`1`) or their addresses and
   * CIDR ranges (`10.0.0.0/8,127.0.0.1`); `false` believes none. `true` is refused (trusted-proxies.ts).
   */
  TRUST_PROXY: Type.String({ default: 'false' }),
  REDIS_URL: Type.String({ default: 'redis://127.0.0.1:6379' }),
  /**
   * The installation's namespace in a shared Redis, as every process reads it (mail's queues): the rate-limit counts
   * live under `<QUEUE_PREFIX>:ratelimit:`, so two installations on one Redis never share a count.
   */
  QUEUE_PREFIX: Type.String({ default: 'mailwright', pattern: '^[A-Za-z0-9_.:-]+$' }),
  WEB_DIST: Type.String({ default: '' }),
  /** Requests per minute per client IP on sign-in, sign-up, password-reset and code-exchange routes. */
  RATE_LIMIT_AUTH_MAX: Type.Integer({ default: 20, minimum: 1 }),
  /** Change-password attempts per user per 15 minutes (it checks the current password). */
  RATE_LIMIT_CHANGE_PASSWORD_MAX: Type.Integer({ default: 5, minimum: 1 }),
  /** Operator cap: requests per minute per API key on the public API, whatever the plan. */
  RATE_LIMIT_API_MAX: Type.Integer({ default: 6000, minimum: 1 }),
  /** Requests per minute per API key by the key owner's plan (`plan:max` pairs); capped by RATE_LIMIT_API_MAX. */
  RATE_LIMIT_API_PLANS: Type.String({
    default: 'free:60,pro:600,enterprise:3000',
    pattern: '^\\s*[a-z0-9_-]+\\s*:\\s*\\d+\\s*(,\\s*[a-z0-9_-]+\\s*:\\s*\\d+\\s*)*$',
  }),
  /**
   * An account's API keys together may make this many times one key's requests per minute (its plan's figure):
   * a tenant cannot multiply its share of the platform by creating keys.
   */
  RATE_LIMIT_API_KEYS_PER_ACCOUNT: Type.Integer({ default: 4, minimum: 1 }),
  /** Seconds a key owner's plan is cached for the per-plan rate limit. */
  PLAN_CACHE_SECONDS: Type.Integer({ default: 30, minimum: 0, maximum: 600 }),
  /**
   * Seconds a user's session version is cached; identity's revocations (Redis pub/sub) update it at once, this
   * bounds how long an ended session can last when a message is missed.
   */
  SESSION_CACHE_SECONDS: Type.Integer({ default: 3, minimum: 0, maximum: 10 }),
  /** Seconds an API key lookup is cached; revocations drop it at once, this bounds a missed message. */
  API_KEY_CACHE_SECONDS: Type.Integer({ default: 5, minimum: 0, maximum: 60 }),
  RAZORPAY_CHECKOUT_URL: Type.String({ default: 'https://checkout.razorpay.com/v1/checkout.js' }),
  BODY_LIMIT_BYTES: Type.Integer({ default: 16 * 1024 * 1024 }),
  /**
   * Bearer token for the gateway's metrics. When set, GET /metrics on the public port answers scrapes that send
   * `Authorization: Bearer <METRICS_TOKEN>`; when unset the public port has no /metrics at all. Required when the
   * metrics listener (METRICS_PORT) is on an address other than loopback.
   */
  METRICS_TOKEN: metricsConfig.METRICS_TOKEN,
  /** Port of the internal metrics listener (GET /metrics, /healthz, /readyz); 0 = none. */
  METRICS_PORT: Type.Integer({ default: 0, minimum: 0, maximum: 65535 }),
  /** Address of the internal metrics listener: loopback unless set; any other address needs METRICS_TOKEN. */
  METRICS_HOST: Type.String({ default: LOOPBACK_HOST }),
  /** One log line per request (method, route pattern, status, duration, caller, request id); false turns it off. */
  ACCESS_LOG: Type.Boolean({ default: true }),
  ...serviceUrls,
});

export type GatewayConfig = Static<typeof GatewayConfigSchema>;

/** Rules the schema cannot express; throws a ConfigError naming the variable and what to set. */
export function checkGatewayConfig(config: GatewayConfig): void {
  parseTrustProxy(config.TRUST_PROXY);
  if (config.METRICS_PORT > 0) checkMetricsExposure(config.METRICS_HOST, config.METRICS_TOKEN, 'METRICS_HOST');
}
