// What accounts' use cases are given, built once in app.ts. Each use case takes the narrowest slice it needs.
import type { EntitlementsSource, OAuthStates, SecretBox } from '@mailwright/kit';
import type { OAuthProviders } from './adapters/mail-providers/provider';
import type { Config } from './config';
import type { AccountsDatabase } from './db/client';

export interface AccountsDeps {
  db: AccountsDatabase;
  box: SecretBox;
  config: Config;
  entitlements: EntitlementsSource;
  providers: OAuthProviders;
  states: OAuthStates;
}
