// Accounts' environment: shared service settings, the key that seals mailbox secrets, and the OAuth providers.
import {
  baseServiceConfig,
  encryptionConfig,
  googleOAuthConfig,
  microsoftOAuthConfig,
  publicUrlConfig,
  serviceUrls,
} from '@mailwright/kit';
import { type Static, Type } from '@sinclair/typebox';

export const ConfigSchema = Type.Object({
  ...baseServiceConfig,
  ...serviceUrls,
  ...encryptionConfig,
  ACCOUNTS_PORT: Type.Integer({ default: 4002 }),
  ...publicUrlConfig,
  /** Off by default like mail's: SMTP hosts on loopback/private addresses are refused (SSRF); npm start turns it on. */
  ALLOW_PRIVATE_TARGETS: Type.Boolean({ default: false }),
  SMTP_VERIFY_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 500 }),

  ...googleOAuthConfig,
  GMAIL_API_URL: Type.String({ default: 'https://gmail.googleapis.com' }),

  ...microsoftOAuthConfig,
  /** Graph base; a version segment (/v1.0) is added when the value has none. */
  MICROSOFT_GRAPH_URL: Type.String({ default: 'https://graph.microsoft.com/v1.0' }),
});

export type Config = Static<typeof ConfigSchema>;
