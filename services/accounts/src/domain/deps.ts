// What the use-cases need, built once in app.ts.
import type { EntitlementsSource, OAuthStates, SecretBox } from '@mailwright/kit';
import type { OAuthProviders } from '../adapters/mail-providers/provider';
import type { Config } from '../config';
import type { AccountsDb } from '../db/tables';

export interface AccountsDeps {
  db: AccountsDb;
  box: SecretBox;
  config: Config;
  entitlements: EntitlementsSource;
  providers: OAuthProviders;
  states: OAuthStates;
}
