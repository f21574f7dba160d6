// ENCRYPTION_KEY rotation: rows sealed with the previous key still open, and a save reseals with the new key id.
import { randomUUID } from 'node:crypto';
import {
  FixedEntitlements,
  PRO_ENTITLEMENTS,
  type SmtpPeer,
  serviceHeaders,
  type TestDatabase,
  userHeaders,
} from '@mailwright/kit/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { TEST_ENCRYPTION_KEY, testConfig } from './helpers/config';
import { migratedTestDatabase } from './helpers/database';
import { startSmtpPeer } from './helpers/smtp-peer';

const NEW_KEY = 'aa'.repeat(32);
let database: TestDatabase;
let smtp: SmtpPeer;
let raw: pg.Client;

beforeAll(async () => {
  database = await migratedTestDatabase('rotation');
  smtp = await startSmtpPeer({ u: 'rotating-secret' });
  raw = new pg.Client({ connectionString: database.url });
  await raw.connect();
});

afterAll(async () => {
  await raw?.end();
  await smtp?.stop();
  await database?.drop();
});

describe('key rotation', () => {
  it('opens old rows with ENCRYPTION_PREVIOUS_KEYS and reseals them with the new key on save', async () => {
    const userId = randomUUID();
    const form = {
      email: 'r@example.com',
      displayName: 'R',
      host: smtp.host,
      port: smtp.port,
      username: 'u',
      password: 'rotating-secret',
    };
    const before = await buildApp(testConfig(database.url), { entitlements: new FixedEntitlements(PRO_ENTITLEMENTS) });
    const { data: account } = (
      await before.inject({ method: 'POST', url: '/email-accounts/smtp', headers: await userHeaders(userId), payload: form })
    ).json();
    // An IMAP password for reading the mailbox (issue 21) is sealed with the same key and moves with the secret.
    const imap = await before.inject({
      method: 'PUT',
      url: `/email-accounts/${account.id}/feedback`,
      headers: await userHeaders(userId),
      payload: { enabled: true, imap: { host: smtp.host, password: 'imap-rotating-secret' } },
    });
    expect(imap.statusCode).toBe(200);
    await before.close();
    const { rows: oldRows } = await raw.query('select secret_key_id from accounts.email_accounts where id = $1', [account.id]);

    const after = await buildApp(
      testConfig(database.url, { ENCRYPTION_KEY: NEW_KEY, ENCRYPTION_PREVIOUS_KEYS: TEST_ENCRYPTION_KEY }),
      { entitlements: new FixedEntitlements(PRO_ENTITLEMENTS) },
    );
    try {
      const transport = await after.inject({
        method: 'GET',
        url: `/internal/accounts/${account.id}/transport`,
        headers: await serviceHeaders('mail-worker'),
      });
      expect(transport.json().data.smtp.password).toBe('rotating-secret');

      const edit = await after.inject({
        method: 'PUT',
        url: `/email-accounts/${account.id}`,
        headers: await userHeaders(userId),
        payload: { ...form, password: '' },
      });
      expect(edit.statusCode).toBe(200);
      const { rows } = await raw.query(
        'select secret_key_id, secret_sealed, imap_password_sealed from accounts.email_accounts where id = $1',
        [account.id],
      );
      expect(rows[0].secret_key_id).not.toBe(oldRows[0].secret_key_id);
      expect(rows[0].secret_sealed.split(':')[1]).toBe(rows[0].secret_key_id);
      expect(rows[0].imap_password_sealed.split(':')[1]).toBe(rows[0].secret_key_id);
      const mailbox = await after.inject({
        method: 'GET',
        url: `/internal/accounts/${account.id}/mailbox`,
        headers: await serviceHeaders('mail-worker'),
      });
      expect(mailbox.json().data.imap.password).toBe('imap-rotating-secret');
    } finally {
      await after.close();
    }
  });
});
