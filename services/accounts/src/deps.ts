// What accounts' use cases are given, built once in app.ts. Each use case takes the narrowest slice it needs.
import type { EntitlementsSource, OAuthStates, SecretBox } from '@mailwright/kit';
import type { FastifyBaseLogger } from 'fastify';
import type { OAuthProviders } from './adapters/mail-providers/provider';
import type { MailSenders } from './adapters/mail-senders';
import type { OwnerNotices } from './adapters/owner-notices';
import type { Config } from './config';
import type { AccountsDatabase } from './db/client';

export interface AccountsDeps {
  db: AccountsDatabase;
  box: SecretBox;
  config: Config;
  entitlements: EntitlementsSource;
  providers: OAuthProviders;
  states: OAuthStates;
  /** The mail service's sender endpoints: usage, and "resumed" so held emails go (issue 20). */
  mail: MailSenders;
  /** Mails an account's owner through identity (a paused sender). */
  owners: OwnerNotices;
  log: FastifyBaseLogger;
}
