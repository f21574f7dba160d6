// The one statement that stores an email with its quota unit, attachment bytes, submitted message and key claim
// (db/queries/insert-email-alone.ts): all of it or none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_COLUMNS } from '../src/db/queries/email-columns';
import { isKeyHeld } from '../src/db/queries/idempotency';
import { type EmailAlone, insertEmailAlone } from '../src/db/queries/insert-email-alone';
import { storedRowOf } from '../src/db/queries/new-email';
import type { EmailRow } from '../src/db/schema/emails';
import { Harness } from './support/harness';
import { newEmail } from './support/new-email';

const h = new Harness('insert-email-alone');
beforeAll(() => h.start({ worker: false }));
afterAll(() => h.stop());

const attachments = [
  { filename: 'a.txt', contentType: 'text/plain', content: Buffer.from('first') },
  { filename: 'b.bin', contentType: 'application/octet-stream', content: Buffer.from([0, 255, 1]) },
];
/** Stores as the outbox does, created now unless the test says when. */
const store = (alone: Omit<EmailAlone, 'createdAt'> & { createdAt?: Date }) =>
  insertEmailAlone(h.pool, { createdAt: new Date(), ...alone });
const claim = (key: string) => ({ key, bodyHash: 'hash', statusCode: 201, response: { id: 'x', status: 'queued' } });

async function storedParts(emailId: string) {
  const count = async (table: string) =>
    Number((await h.pool.query(`SELECT count(*) AS n FROM mail.${table} WHERE email_id = $1`, [emailId])).rows[0].n);
  const emails = await h.pool.query('SELECT 1 FROM mail.emails WHERE id = $1', [emailId]);
  return {
    email: emails.rowCount,
    attachments: await count('email_attachments'),
    source: await count('email_sources'),
    claim: await count('idempotency_keys'),
  };
}

const used = async (userId: string) =>
  (await h.pool.query('SELECT used FROM mail.quota_usage WHERE user_id = $1', [userId])).rows[0]?.used ?? 0;

describe('insertEmailAlone', () => {
  it('stores the row as a read returns it, with its bytes, its source, its claim and one quota unit', async () => {
    const user = h.newUser();
    const email = newEmail(user.userId, user.accountId, { submitted: true });
    const source = Buffer.from('Subject: hi\r\n\r\nbody\r\n');
    const row = await store({ email, monthlyLimit: 10, attachments, source, claim: claim('k1') });
    const { rows } = await h.pool.query<EmailRow>(`SELECT ${EMAIL_COLUMNS} FROM mail.emails WHERE id = $1`, [email.id]);
    expect(row).toEqual(rows[0]);
    expect(await storedParts(email.id)).toEqual({ email: 1, attachments: 2, source: 1, claim: 1 });
    const bytes = await h.pool.query(
      'SELECT position, size, content FROM mail.email_attachments WHERE email_id = $1 ORDER BY position',
      [email.id],
    );
    expect(bytes.rows).toEqual([
      { position: 0, size: 5, content: Buffer.from('first') },
      { position: 1, size: 3, content: Buffer.from([0, 255, 1]) },
    ]);
    expect(await used(user.userId)).toBe(1);
  });

  it('stores nothing past the monthly limit, and nothing when the key is held (a unique violation)', async () => {
    const user = h.newUser();
    const first = newEmail(user.userId, user.accountId);
    await store({ email: first, monthlyLimit: 1, attachments, source: null, claim: claim('k') });

    const over = newEmail(user.userId, user.accountId);
    const source = Buffer.from('x');
    expect(await store({ email: over, monthlyLimit: 1, attachments, source, claim: claim('k2') })).toBeNull();
    expect(await storedParts(over.id)).toEqual({ email: 0, attachments: 0, source: 0, claim: 0 });

    const again = newEmail(user.userId, user.accountId);
    const held = await store({ email: again, monthlyLimit: 5, attachments, source, claim: claim('k') }).catch(
      (error: unknown) => error,
    );
    expect(isKeyHeld(held)).toBe(true);
    expect(await storedParts(again.id)).toEqual({ email: 0, attachments: 0, source: 0, claim: 0 });
    expect(await used(user.userId)).toBe(1);
  });

  it('takes no quota unit for a suppressed email (no limit given)', async () => {
    const user = h.newUser();
    const email = newEmail(user.userId, user.accountId, { status: 'suppressed' });
    const row = await store({ email, monthlyLimit: null, attachments: [], source: null, claim: null });
    expect(row?.status).toBe('suppressed');
    expect(await used(user.userId)).toBe(0);
  });

  it('stores the very row that storedRowOf makes before the insert (the answer a retry replays is made from it)', async () => {
    const user = h.newUser();
    const email = newEmail(user.userId, user.accountId, {
      fromName: 'Ada Lovelace',
      cc: ['cc@example.net'],
      bcc: ['bcc@example.net'],
      isHtml: true,
      body: '<p>Hi <a href="https://example.com/a">a</a></p>',
      links: ['https://example.com/a'],
      status: 'scheduled',
      timezone: 'Asia/Kolkata',
      scheduledAt: new Date('2030-01-02T03:04:05.678Z'),
      text: 'Hi',
      replyTo: ['reply@example.net'],
      headers: { 'X-Campaign': 'spring', 'X-A': '1' },
      tags: [{ name: 'kind', value: 'welcome' }],
      unsubscribe: true,
      suppressed: ['gone@example.net'],
    });
    const createdAt = new Date(Date.now() - 1_234);
    const row = await store({ email, createdAt, monthlyLimit: 10, attachments: [], source: null, claim: null });
    expect(row).toEqual(storedRowOf(email, createdAt));
  });
});
