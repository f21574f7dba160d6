// The row the intake answers for each stored email (what the API returns and the job windows read) must be the row
// a read of the table returns, every column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_COLUMNS } from '../src/db/queries/email-columns';
import type { EmailRow } from '../src/db/schema/emails';
import { Harness } from './support/harness';
import { newEmail } from './support/new-email';

const h = new Harness('intake-rows');
beforeAll(() => h.start({ worker: false }));
afterAll(() => h.stop());

describe('the rows the intake answers', () => {
  it('are the rows as stored, for every column', async () => {
    const user = h.newUser();
    const emails = [
      newEmail(user.userId, user.accountId),
      newEmail(user.userId, user.accountId, {
        to: ['one@example.net', 'two@example.net'],
        cc: ['copy@example.net'],
        bcc: ['hidden@example.net'],
        replyTo: ['answers@example.com'],
        subject: 'Everything set',
        body: '<p>Hi <a href="https://example.com/x">there</a></p>',
        isHtml: true,
        links: ['https://example.com/x'],
        text: 'Hi there [https://example.com/x]',
        fromName: 'Sender Name',
        status: 'scheduled',
        scheduledAt: new Date(Date.now() + 3_600_000),
        timezone: 'Europe/Paris',
        headers: { 'X-Campaign': 'spring', 'X-A': '1' },
        tags: [{ name: 'kind', value: 'welcome' }],
        unsubscribe: true,
        tracking: false,
      }),
    ];
    const answered = await Promise.all(emails.map((email) => h.deps.outbox.intake.accept(email, 100)));
    const { rows } = await h.pool.query<EmailRow>(`SELECT ${EMAIL_COLUMNS} FROM mail.emails WHERE id = ANY($1)`, [
      emails.map((email) => email.id),
    ]);
    const stored = new Map(rows.map((row) => [row.id, row]));
    expect(answered.map((row) => row?.id)).toEqual(emails.map((email) => email.id));
    for (const row of answered) expect(row).toEqual(stored.get(row?.id as string));
  });
});
