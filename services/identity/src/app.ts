// Builds the identity service: users, sessions, verification, password flows, social sign-in and API keys.
import {
  BillingEntitlements,
  createServiceApp,
  type EntitlementsSource,
  InternalClient,
  OAuthStates,
  pingDatabase,
  secretBoxFromConfig,
} from '@mailwright/kit';
import type { FastifyInstance } from 'fastify';
import { type AccountFiguresSource, RemoteAccountFigures } from './adapters/account-figures';
import { OncePerWindow } from './adapters/redis/once-per-window';
import { connectRedis } from './adapters/redis/redis-connection';
import { RevocationPublisher } from './adapters/redis/revocations';
import { buildSignInProviders } from './adapters/sign-in-providers/providers';
import { createSystemMailer, type SystemMailer } from './adapters/system-mailer';
import type { Config } from './config';
import { createIdentityDatabase } from './db/client';
import type { IdentityDeps } from './deps';
import { ApiKeyUsage } from './domain/api-key-usage';
import { Passwords } from './domain/passwords';
import { RESEND_VERIFICATION_WINDOW_SECONDS } from './domain/resend-verification';
import { SessionTokens } from './domain/session-tokens';
import { createPasswordThrottles } from './domain/throttles';
import { apiKeyRoutes } from './routes/api-keys';
import { authRoutes } from './routes/auth';
import { internalRoutes } from './routes/internal';
import { jwksRoutes } from './routes/jwks';
import { socialSignInRoutes } from './routes/social-sign-in';

declare module 'fastify' {
  interface FastifyInstance {
    /** The deps the routes were given (tests reach the database and session keys through it). */
    identity: IdentityDeps;
  }
}

export interface AppOverrides {
  figures?: AccountFiguresSource;
  entitlements?: EntitlementsSource;
  mailer?: SystemMailer;
}

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const db = createIdentityDatabase(config.DATABASE_URL);
  const app = createServiceApp('identity', config, { readiness: { database: () => pingDatabase(db) } });
  const redis = connectRedis(config.REDIS_URL, app.log);
  const internal = new InternalClient(config.INTERNAL_SECRET, 'identity');
  let deps: IdentityDeps;
  try {
    deps = {
      config,
      db,
      log: app.log,
      passwords: Passwords.fromConfig(config),
      sessions: await SessionTokens.load(db, secretBoxFromConfig(config), {
        onRefreshError: (error) =>
          app.log.warn({ err: error }, 'could not re-read the signing keys; signing with the ones read before'),
      }),
      mailer:
        overrides.mailer ?? createSystemMailer({ smtpUrl: config.SYSTEM_SMTP_URL, from: config.SYSTEM_MAIL_FROM, log: app.log }),
      figures:
        overrides.figures ?? new RemoteAccountFigures(internal, { billing: config.BILLING_URL, mail: config.MAIL_URL }, app.log),
      // Keys are created rarely: read the plan fresh so an upgrade counts at once.
      entitlements: overrides.entitlements ?? new BillingEntitlements(internal, config.BILLING_URL, 0),
      apiKeyUsage: ApiKeyUsage.forDatabase(db, (error) => app.log.warn({ err: error }, 'could not record API key use')),
      throttles: createPasswordThrottles(redis, app.log),
      revocations: new RevocationPublisher(redis, app.log),
      signUpNotices: new OncePerWindow(redis, { name: 'identity:sign-up-notices', windowSeconds: 3600 }, app.log),
      verificationResends: new OncePerWindow(
        redis,
        { name: 'identity:verification-resends', windowSeconds: RESEND_VERIFICATION_WINDOW_SECONDS },
        app.log,
      ),
      signInProviders: buildSignInProviders(config),
      oauthStates: new OAuthStates({
        secret: config.INTERNAL_SECRET,
        issuer: 'mailwright-identity',
        audience: 'mailwright-oauth-state',
      }),
    };
  } catch (error) {
    redis.disconnect();
    await db.$client.end();
    throw error;
  }
  app.decorate('identity', deps);
  app.addHook('onClose', async () => {
    await deps.apiKeyUsage.close();
    deps.mailer.close();
    redis.disconnect();
    await db.$client.end();
  });

  await app.register(jwksRoutes, { deps });
  await app.register(authRoutes, { deps });
  await app.register(socialSignInRoutes, { deps });
  await app.register(apiKeyRoutes, { deps });
  await app.register(internalRoutes, { deps });
  return app;
}
