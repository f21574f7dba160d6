// Identity's environment: shared service settings, the key that seals signing keys, Redis, mail and social sign-in.
import {
  baseServiceConfig,
  encryptionConfig,
  googleOAuthConfig,
  microsoftOAuthConfig,
  publicUrlConfig,
  redisConfig,
  serviceUrls,
} from '@mailwright/kit';
import { type Static, Type } from '@sinclair/typebox';
import { OWASP_MINIMUM_COST } from './domain/passwords';

const optional = Type.Optional(Type.String());

export const ConfigSchema = Type.Object({
  ...baseServiceConfig,
  ...serviceUrls,
  ...encryptionConfig,
  IDENTITY_PORT: Type.Integer({ default: 4001 }),
  /** Redis holds failed-sign-in counters and the revocations channel every gateway listens to. */
  ...redisConfig,
  ...publicUrlConfig,
  SYSTEM_SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  SYSTEM_MAIL_FROM: Type.String({ default: 'Mailwright <no-reply@mailwright.local>' }),

  ...googleOAuthConfig,
  ...microsoftOAuthConfig,
  /** Microsoft sign-in reads userinfo at <graph>/oidc/userinfo. */
  MICROSOFT_GRAPH_URL: Type.String({ default: 'https://graph.microsoft.com' }),

  // argon2id's cost for new password hashes. The defaults are RFC 9106's second recommended option (64 MiB, 3
  // passes, 4 lanes); the floor is OWASP's minimum (19 MiB, 2 passes), below which a stack refuses to start.
  PASSWORD_HASH_MEMORY_KIB: Type.Integer({ default: 65_536, minimum: OWASP_MINIMUM_COST.memoryKib }),
  PASSWORD_HASH_ITERATIONS: Type.Integer({ default: 3, minimum: OWASP_MINIMUM_COST.iterations }),
  PASSWORD_HASH_PARALLELISM: Type.Integer({ default: 4, minimum: OWASP_MINIMUM_COST.parallelism, maximum: 16 }),

  GITHUB_CLIENT_ID: optional,
  GITHUB_CLIENT_SECRET: optional,
  GITHUB_OAUTH_URL: Type.String({ default: 'https://github.com' }),
  GITHUB_API_URL: Type.String({ default: 'https://api.github.com' }),
});

export type Config = Static<typeof ConfigSchema>;
