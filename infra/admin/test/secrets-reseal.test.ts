import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SecretBox } from '@mailwright/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsDatabase, createAccountsDatabase } from '../../../services/accounts/src/db/client';
import { emailAccounts } from '../../../services/accounts/src/db/tables';
import { createIdentityDatabase, type IdentityDatabase } from '../../../services/identity/src/db/client';
import { allSigningKeys } from '../../../services/identity/src/db/queries/signing-keys';
import { SessionTokens } from '../../../services/identity/src/domain/session-tokens';
import { createMailDatabase, type MailDatabase } from '../../../services/mail/src/db/client';
import { webhookEndpoints } from '../../../services/mail/src/db/schema/webhook-endpoints';
import { type AdminHarness, createAdminHarness } from './admin-harness';

const USER_ID = '00000000-0000-4000-8000-000000000002';
const OLD_KEY = randomBytes(32).toString('hex');

describe('admin secrets reseal: after an ENCRYPTION_KEY rotation', () => {
  let harness: AdminHarness;
  let identity: IdentityDatabase;
  let accounts: AccountsDatabase;
  let mail: MailDatabase;
  const oldBox = new SecretBox(OLD_KEY);

  beforeAll(async () => {
    harness = await createAdminHarness('secrets');
    identity = createIdentityDatabase(harness.env.DATABASE_URL);
    accounts = createAccountsDatabase(harness.env.DATABASE_URL);
    mail = createMailDatabase(harness.env.DATABASE_URL, { max: 2 });
    // Everything sealed with the old key, as identity, accounts and mail left it before the rotation.
    await SessionTokens.load(identity, oldBox);
    await accounts.insert(emailAccounts).values({
      userId: USER_ID,
      provider: 'smtp',
      email: 'sender@example.com',
      displayName: 'Sender',
      smtpHost: 'smtp.example.com',
      smtpPort: 587,
      smtpSecure: false,
      smtpUsername: 'sender',
      secretSealed: oldBox.seal('smtp-password'),
      secretKeyId: oldBox.keyId,
      imapPasswordSealed: oldBox.seal('imap-password'),
    });
    await mail.insert(webhookEndpoints).values({
      userId: USER_ID,
      url: 'https://hooks.example.com/mailwright',
      events: ['email.sent'],
      secretSealed: oldBox.seal('whsec_signing'),
    });
  });

  afterAll(async () => {
    await Promise.all([identity?.$client.end(), accounts?.$client.end(), mail?.$client.end()]);
    await harness?.close();
  });

  const sealedSecrets = async () => {
    const [account] = await accounts.select().from(emailAccounts);
    const [endpoint] = await mail.select().from(webhookEndpoints);
    const [key] = await allSigningKeys(identity);
    return { account, endpoint, key };
  };

  it('refuses, changing nothing, when no key given opens the secrets', async () => {
    const before = await sealedSecrets();
    const refused = await harness.admin('secrets', 'reseal');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      /^Cannot open the private half of signing key \S+: Secret sealed with unknown key \w+\. Give the key it was sealed with as --old-key .*nothing in identity was changed\.\n$/,
    );
    expect(await sealedSecrets()).toEqual(before);
    const notAKey = await harness.admin('secrets', 'reseal', '--old-key', 'not-a-key');
    expect(notAKey.code).toBe(2);
    expect(notAKey.err).toContain('--old-key: neither a 32-byte key (64 hex characters or base64) nor a file');
  });

  it('reseals every service’s secrets with the new key, and a second run skips them all', async () => {
    const keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'mw-old-key-')), 'old.key');
    writeFileSync(keyFile, `${OLD_KEY}\n`);
    const resealed = await harness.admin('secrets', 'reseal', '--old-key', keyFile);
    expect(resealed.code).toBe(0);
    const newBox = new SecretBox(harness.env.ENCRYPTION_KEY);
    expect(resealed.out.split('\n').filter(Boolean)).toEqual([
      `identity  resealed 1  already on key ${newBox.keyId} 0`,
      `accounts  resealed 2  already on key ${newBox.keyId} 0`,
      `mail  resealed 1  already on key ${newBox.keyId} 0`,
    ]);

    // The new key alone opens everything now; the old one opens nothing.
    const { account, endpoint, key } = await sealedSecrets();
    expect(newBox.open(account?.secretSealed ?? '')).toBe('smtp-password');
    expect(newBox.open(account?.imapPasswordSealed ?? '')).toBe('imap-password');
    expect(account?.secretKeyId).toBe(newBox.keyId);
    expect(newBox.open(endpoint?.secretSealed ?? '')).toBe('whsec_signing');
    expect(JSON.parse(newBox.open(key?.privateJwkSealed ?? ''))).toMatchObject({ kty: 'EC', crv: 'P-256' });
    expect(() => oldBox.open(account?.secretSealed ?? '')).toThrow(/unknown key/);
    const tokens = await SessionTokens.load(identity, newBox);
    expect(await tokens.verify(await tokens.sign(USER_ID, 0))).toBe(USER_ID);

    const again = await harness.admin('secrets', 'reseal', '--old-key', OLD_KEY, '--json');
    expect(again.json()).toEqual({
      keyId: newBox.keyId,
      services: [
        { service: 'identity', resealed: 0, current: 1 },
        { service: 'accounts', resealed: 0, current: 2 },
        { service: 'mail', resealed: 0, current: 1 },
      ],
    });
  });
});
