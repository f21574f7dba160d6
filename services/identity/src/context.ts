// What the use-cases need, built once in app.ts and handed to the routes.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { IdentityDb } from './db/tables';
import type { AccountFiguresSource } from './domain/account-figures';
import type { ApiKeyUsage } from './domain/api-key-usage';
import type { SessionTokens } from './domain/session-tokens';
import type { PasswordThrottles } from './domain/throttles';
import type { SystemMailer } from './mail/system-mailer';
import type { OncePerWindow } from './redis/once-per-window';
import type { RevocationPublisher } from './redis/revocations';

export interface IdentityContext {
  config: Config;
  db: IdentityDb;
  sessions: SessionTokens;
  mailer: SystemMailer;
  figures: AccountFiguresSource;
  apiKeyUsage: ApiKeyUsage;
  throttles: PasswordThrottles;
  revocations: RevocationPublisher;
  /** At most one "someone tried to sign up with your address" mail per account an hour. */
  signUpNotices: OncePerWindow;
  log: FastifyBaseLogger;
}
