// POST /internal/users/:userId/notify: other services (accounts, for a paused sender) mail a user a notice
// through identity's system mailer.
import { randomUUID } from 'node:crypto';
import { serviceHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../src/db/queries/users';
import { createHarness, type Harness, SmtpSink } from './helpers';

describe('notices to a user', () => {
  let harness: Harness;
  let smtp: SmtpSink;
  let userId = '';

  beforeAll(async () => {
    smtp = new SmtpSink();
    harness = await createHarness('notify_user', { SYSTEM_SMTP_URL: await smtp.start() });
    const user = await insertUser(harness.app.identity.db, {
      email: 'owner@example.com',
      name: 'Ada <b>Lovelace</b>',
      passwordHash: null,
      isVerified: true,
    });
    userId = user?.id ?? '';
  });

  afterAll(async () => {
    await harness?.close();
    await smtp?.stop();
  });

  const notify = async (id: string, payload: object, headers?: Record<string, string>) =>
    harness.app.inject({
      method: 'POST',
      url: `/internal/users/${id}/notify`,
      payload,
      headers: headers ?? (await serviceHeaders('accounts')),
    });

  it("mails the notice to the user's address with a greeting, the text as given and an escaped HTML part", async () => {
    const response = await notify(userId, {
      subject: 'Sending from ada@example.com is paused',
      text: 'Mailwright paused sending from ada@example.com.\n\nYour emails are held, not lost <really>.',
    });
    expect(response.statusCode).toBe(204);
    const mail = await smtp.nextMail('owner@example.com', /Sending from ada@example\.com is paused/);
    expect(mail.text).toContain('Hi Ada');
    expect(mail.text).toContain('Mailwright paused sending from ada@example.com.');
    expect(mail.text).toContain('Your emails are held, not lost <really>.');
    expect(mail.html).toContain('&lt;really&gt;');
    expect(mail.html).not.toContain('<really>');
    expect(mail.html).not.toContain('<b>');
  });

  it('answers 404 for an unknown user or a malformed id and sends nothing', async () => {
    const before = smtp.mails.length;
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const response = await notify(id, { subject: 'Hello', text: 'Body' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'User not found' });
    }
    expect(smtp.mails.length).toBe(before);
  });

  it('refuses a subject spread over several lines, an empty text and extra fields', async () => {
    for (const payload of [
      { subject: 'Hello\r\nBcc: someone@example.com', text: 'Body' },
      { subject: 'Hello', text: '' },
      { subject: 'Hello', text: 'Body', to: 'someone@example.com' },
    ]) {
      expect((await notify(userId, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('is for services only', async () => {
    const response = await notify(userId, { subject: 'Hello', text: 'Body' }, await userHeaders(userId));
    expect(response.statusCode).toBe(403);
  });
});

describe('notices without SYSTEM_SMTP_URL', () => {
  it('are logged and answered 204, as verification mails are', async () => {
    const harness = await createHarness('notify_user_logged');
    try {
      const user = await insertUser(harness.app.identity.db, {
        email: 'local@example.com',
        name: 'Local',
        passwordHash: null,
        isVerified: true,
      });
      const response = await harness.app.inject({
        method: 'POST',
        url: `/internal/users/${user?.id}/notify`,
        payload: { subject: 'Sending from local@example.com is paused', text: 'Body' },
        headers: await serviceHeaders('accounts'),
      });
      expect(response.statusCode).toBe(204);
    } finally {
      await harness.close();
    }
  });
});
