// What identity's use cases are given, built once in app.ts. Each use case takes the narrowest slice it needs.
import type { EntitlementsSource, OAuthStates } from '@mailwright/kit';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountFiguresSource } from './adapters/account-figures';
import type { OncePerWindow } from './adapters/redis/once-per-window';
import type { RevocationPublisher } from './adapters/redis/revocations';
import type { SignInProviders } from './adapters/sign-in-providers/providers';
import type { SystemMailer } from './adapters/system-mailer';
import type { Config } from './config';
import type { IdentityDatabase } from './db/client';
import type { ApiKeyUsage } from './domain/api-key-usage';
import type { Passwords } from './domain/passwords';
import type { SessionTokens } from './domain/session-tokens';
import type { PasswordThrottles } from './domain/throttles';

export interface IdentityDeps {
  config: Config;
  db: IdentityDatabase;
  log: FastifyBaseLogger;
  sessions: SessionTokens;
  passwords: Passwords;
  mailer: SystemMailer;
  figures: AccountFiguresSource;
  /** The plan rules from billing (API access decides whether keys may be created). */
  entitlements: EntitlementsSource;
  apiKeyUsage: ApiKeyUsage;
  throttles: PasswordThrottles;
  revocations: RevocationPublisher;
  /** At most one "someone tried to sign up with your address" mail per account an hour. */
  signUpNotices: OncePerWindow;
  /** At most one "Resend verification email" per address a minute. */
  verificationResends: OncePerWindow;
  signInProviders: SignInProviders;
  oauthStates: OAuthStates;
}
