// What the use-cases need, built once in app.ts.
import type { EntitlementsSource, SecretBox } from '@mailwright/kit';
import type { Config } from '../config';
import type { AccountsDb } from '../db/tables';
import type { OAuthProviders } from '../oauth/provider';

export interface AccountsDeps {
  db: AccountsDb;
  box: SecretBox;
  config: Config;
  entitlements: EntitlementsSource;
  providers: OAuthProviders;
}
