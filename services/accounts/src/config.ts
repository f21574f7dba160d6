// Accounts' environment: shared service settings, the key that seals mailbox secrets, and the OAuth providers.
import { baseServiceConfig, encryptionConfig, serviceUrls } from '@mailwright/kit';
import { type Static, Type } from '@sinclair/typebox';

const optional = Type.Optional(Type.String());

export const ConfigSchema = Type.Object({
  ...baseServiceConfig,
  ...serviceUrls,
  ...encryptionConfig,
  ACCOUNTS_PORT: Type.Integer({ default: 4002 }),
  PUBLIC_URL: Type.String({ default: 'http://localhost:8080', pattern: '^https?://' }),
  /** When false, SMTP hosts resolving to loopback, private or link-local addresses are refused (SSRF). */
  /** Off by default like mail's: SMTP hosts on loopback/private addresses are refused (SSRF); npm start turns it on. */
  ALLOW_PRIVATE_TARGETS: Type.Boolean({ default: false }),
  SMTP_VERIFY_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 500 }),

  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_AUTH_URL: Type.String({ default: 'https://accounts.google.com/o/oauth2/v2/auth' }),
  GOOGLE_TOKEN_URL: Type.String({ default: 'https://oauth2.googleapis.com/token' }),
  GOOGLE_USERINFO_URL: Type.String({ default: 'https://openidconnect.googleapis.com/v1/userinfo' }),
  GMAIL_API_URL: Type.String({ default: 'https://gmail.googleapis.com' }),

  MICROSOFT_CLIENT_ID: optional,
  MICROSOFT_CLIENT_SECRET: optional,
  MICROSOFT_TENANT: Type.String({ default: 'common' }),
  MICROSOFT_AUTHORITY_URL: Type.String({ default: 'https://login.microsoftonline.com' }),
  /** Graph base; a version segment (/v1.0) is added when the value has none. */
  MICROSOFT_GRAPH_URL: Type.String({ default: 'https://graph.microsoft.com/v1.0' }),
});

export type Config = Static<typeof ConfigSchema>;
