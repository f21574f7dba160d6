// Every identity table, for createDatabase(url, tables).
export * from './schema/api-keys';
export * from './schema/email-tokens';
export * from './schema/oauth-identities';
export * from './schema/oauth-states';
export * from './schema/sign-in-codes';
export * from './schema/signing-keys';
export * from './schema/users';

import { apiKeys } from './schema/api-keys';
import { emailTokens } from './schema/email-tokens';
import { oauthIdentities } from './schema/oauth-identities';
import { oauthStates } from './schema/oauth-states';
import { signInCodes } from './schema/sign-in-codes';
import { signingKeys } from './schema/signing-keys';
import { users } from './schema/users';

export const tables = { users, oauthIdentities, emailTokens, apiKeys, signingKeys, oauthStates, signInCodes };
