// Builds the identity service: users, sessions, verification, password flows, social sign-in and API keys.
import { createDatabase, createServiceApp, InternalClient, SecretBox } from '@mailwright/kit';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { IdentityContext } from './context';
import { tables } from './db/tables';
import { type AccountFiguresSource, RemoteAccountFigures } from './domain/account-figures';
import { ApiKeyUsage } from './domain/api-key-usage';
import { SessionTokens } from './domain/session-tokens';
import { createPasswordThrottles } from './domain/throttles';
import { createSystemMailer, type SystemMailer } from './mail/system-mailer';
import { OncePerWindow } from './redis/once-per-window';
import { connectRedis } from './redis/redis-connection';
import { RevocationPublisher } from './redis/revocations';
import { registerApiKeyRoutes } from './routes/api-keys';
import { registerAuthRoutes } from './routes/auth';
import { registerInternalRoutes } from './routes/internal';
import { registerJwksRoute } from './routes/jwks';
import { registerSocialSignInRoutes } from './routes/social-sign-in';

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityContext;
  }
}

export interface AppOverrides {
  figures?: AccountFiguresSource;
  mailer?: SystemMailer;
}

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const db = createDatabase(config.DATABASE_URL, tables);
  const app = createServiceApp({
    name: 'identity',
    internalSecret: config.INTERNAL_SECRET,
    metricsToken: config.METRICS_TOKEN,
    logLevel: config.LOG_LEVEL,
    readiness: { database: () => db.$client.query('select 1') },
  });
  const redis = connectRedis(config.REDIS_URL, app.log);
  try {
    const box = new SecretBox(
      config.ENCRYPTION_KEY,
      config.ENCRYPTION_PREVIOUS_KEYS.split(',').map((key) => key.trim()),
    );
    const ctx: IdentityContext = {
      config,
      db,
      log: app.log,
      sessions: await SessionTokens.load(db, box),
      mailer:
        overrides.mailer ?? createSystemMailer({ smtpUrl: config.SYSTEM_SMTP_URL, from: config.SYSTEM_MAIL_FROM, log: app.log }),
      figures:
        overrides.figures ??
        new RemoteAccountFigures(
          new InternalClient(config.INTERNAL_SECRET, 'identity'),
          { billing: config.BILLING_URL, mail: config.MAIL_URL },
          app.log,
        ),
      apiKeyUsage: ApiKeyUsage.forDatabase(db, (error) => app.log.warn({ err: error }, 'could not record API key use')),
      throttles: createPasswordThrottles(redis, app.log),
      revocations: new RevocationPublisher(redis, app.log),
      signUpNotices: new OncePerWindow(redis, { name: 'identity:sign-up-notices', windowSeconds: 3600 }, app.log),
    };
    app.decorate('identity', ctx);
    app.addHook('onClose', async () => {
      await ctx.apiKeyUsage.close();
      ctx.mailer.close();
      redis.disconnect();
      await db.$client.end();
    });
  } catch (error) {
    redis.disconnect();
    await db.$client.end();
    throw error;
  }

  registerJwksRoute(app, app.identity);
  registerAuthRoutes(app, app.identity);
  registerSocialSignInRoutes(app, app.identity);
  registerApiKeyRoutes(app, app.identity);
  registerInternalRoutes(app, app.identity);
  return app;
}
