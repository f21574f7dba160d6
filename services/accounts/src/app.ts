// The accounts service as a Fastify instance: sender accounts (SMTP, Gmail, Outlook) with sealed secrets.
import {
  BillingEntitlements,
  createServiceApp,
  type EntitlementsSource,
  InternalClient,
  pingDatabase,
  secretBoxFromConfig,
} from '@mailwright/kit';
import type { FastifyInstance } from 'fastify';
import { GoogleMailProvider } from './adapters/mail-providers/google';
import { MicrosoftMailProvider } from './adapters/mail-providers/microsoft';
import type { OAuthProviders } from './adapters/mail-providers/provider';
import { type MailSenders, RemoteMailSenders } from './adapters/mail-senders';
import { IdentityOwnerNotices, type OwnerNotices } from './adapters/owner-notices';
import type { Config } from './config';
import { createAccountsDatabase } from './db/client';
import type { AccountsDeps } from './deps';
import { connectStates } from './domain/connect-states';
import { emailAccountRoutes } from './routes/email-accounts';
import { internalRoutes } from './routes/internal';
import { oauthConnectRoutes } from './routes/oauth-connect';
import { senderPoolRoutes } from './routes/sender-pools';

export interface AppOverrides {
  /** Plan entitlements; defaults to billing's GET /internal/entitlements/:userId through kit BillingEntitlements. */
  entitlements?: EntitlementsSource;
  providers?: Partial<OAuthProviders>;
  /** The mail service's sender endpoints; defaults to MAIL_URL through InternalClient. */
  mail?: MailSenders;
  /** Owner notices; defaults to identity's POST /internal/users/:userId/notify at IDENTITY_URL. */
  owners?: OwnerNotices;
}

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const db = createAccountsDatabase(config.DATABASE_URL);
  const app = createServiceApp('accounts', config, { readiness: { database: () => pingDatabase(db) } });
  const box = secretBoxFromConfig(config);
  const internal = new InternalClient(config.INTERNAL_SECRET, 'accounts');
  const deps: AccountsDeps = {
    db,
    config,
    box,
    states: connectStates(config.INTERNAL_SECRET, box),
    entitlements:
      overrides.entitlements ??
      // Adding accounts is rare: read the plan fresh so an upgrade counts at once.
      new BillingEntitlements(internal, config.BILLING_URL, 0),
    providers: {
      gmail: overrides.providers?.gmail ?? new GoogleMailProvider(config),
      outlook: overrides.providers?.outlook ?? new MicrosoftMailProvider(config),
    },
    mail: overrides.mail ?? new RemoteMailSenders(internal, config.MAIL_URL),
    owners: overrides.owners ?? new IdentityOwnerNotices(internal, config.IDENTITY_URL),
    log: app.log,
  };

  await app.register(emailAccountRoutes, { deps });
  await app.register(oauthConnectRoutes, { deps });
  await app.register(senderPoolRoutes, { deps });
  await app.register(internalRoutes, { deps });
  app.addHook('onClose', async () => {
    await db.$client.end();
  });
  return app;
}
