// POST /auth/resend-verification: a new link for an unverified account, the same answer for any address, and a
// clear 429 when the address asks again within the minute (every address counts, so the 429 tells nothing).
import { randomUUID } from 'node:crypto';
import { internalHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../src/db/queries/users';
import { RESEND_VERIFICATION_MESSAGE, RESEND_VERIFICATION_THROTTLED } from '../src/domain/resend-verification';
import { createHarness, type Harness, linkToken, SmtpSink } from './helpers';

describe('resend verification email', () => {
  let harness: Harness;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = new SmtpSink();
    harness = await createHarness('resend_verification', { SYSTEM_SMTP_URL: await smtp.start() });
  });

  afterAll(async () => {
    await harness?.close();
    await smtp?.stop();
  });

  const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const resend = async (email: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/auth/resend-verification',
      payload: { email },
      headers: await internalHeaders({ kind: 'public' }),
    });
  const addUser = (email: string, isVerified: boolean) =>
    insertUser(harness.app.identity.db, { email, name: 'Resender', passwordHash: null, isVerified });

  it('mails a working new link to an unverified account, then throttles that address with a clear 429', async () => {
    const email = unique('unverified');
    await addUser(email, false);
    const first = await resend(email.toUpperCase());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: RESEND_VERIFICATION_MESSAGE });
    const mail = await smtp.nextMail(email, /Verify your email/);
    const token = linkToken(mail, 'verify-email');
    const verified = await harness.app.inject({
      method: 'GET',
      url: `/auth/verify-email/${token}`,
      headers: await internalHeaders({ kind: 'public' }),
    });
    expect(verified.statusCode).toBe(200);

    const again = await resend(email);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ message: RESEND_VERIFICATION_THROTTLED, code: 'RATE_LIMITED' });
  });

  it('answers the same for a verified account and an unknown address, and mails neither', async () => {
    const verified = unique('verified');
    await addUser(verified, true);
    const unknown = unique('nobody');
    for (const email of [verified, unknown]) {
      const answer = await resend(email);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: RESEND_VERIFICATION_MESSAGE });
    }
    // The unknown address is throttled too, exactly like a real account.
    expect((await resend(unknown)).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      smtp.mails.filter((mail) => [verified, unknown].some((email) => mail.to && JSON.stringify(mail.to).includes(email))),
    ).toEqual([]);
  });

  it('refuses a malformed address with 400', async () => {
    expect((await resend('not-an-address')).statusCode).toBe(400);
  });
});
