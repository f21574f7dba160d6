import { SESSION_VERSION_CLAIM } from '@mailwright/contracts';
import { internalHeaders, serviceHeaders, userHeaders } from '@mailwright/kit/testing';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, linkToken, SmtpSink } from './helpers';
import { RevocationListener } from './revocation-listener';

describe('ending sessions: password change, reset and log out everywhere', () => {
  let harness: Harness;
  const smtp = new SmtpSink();
  const revocations = new RevocationListener();
  const email = 'sessions@example.com';
  let userId = '';

  beforeAll(async () => {
    await revocations.start();
    harness = await createHarness('session_revocation', { SYSTEM_SMTP_URL: await smtp.start() });
    const signup = await call('POST', '/auth/signup', { name: 'Sam', email, password: 'secret1' });
    userId = signup.json().user.id;
    const token = linkToken(await smtp.nextMail(email, /Verify your email/), 'verify-email');
    expect((await call('GET', `/auth/verify-email/${token}`)).statusCode).toBe(200);
  });

  afterAll(async () => {
    await harness?.close();
    await smtp.stop();
    await revocations.stop();
  });

  async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as?: string) {
    return harness.app.inject({
      method,
      url,
      payload,
      headers: as ? await userHeaders(as) : await internalHeaders({ kind: 'public' }),
    });
  }

  const versionOf = (token: string) => decodeJwt(token)[SESSION_VERSION_CLAIM];
  const logIn = async (password: string) => (await call('POST', '/auth/login', { email, password })).json().token as string;
  const currentVersion = async () =>
    (
      await harness.app.inject({ method: 'GET', url: `/internal/users/${userId}`, headers: await serviceHeaders('gateway') })
    ).json().data.sessionVersion as number;
  const publishedVersion = (version: number) =>
    revocations.next((r) => r.kind === 'sessions' && r.userId === userId && r.sessionVersion === version);

  it('carries the user session version in every token as sv, and tells the gateway the current one', async () => {
    const token = await logIn('secret1');
    expect(versionOf(token)).toBe(0);
    expect(await currentVersion()).toBe(0);
    expect(await harness.app.identity.sessions.verifyClaims(token)).toEqual({ userId, sessionVersion: 0 });
  });

  it('ends the other sessions on a password change and answers a fresh token for this one', async () => {
    const other = await logIn('secret1');
    const changed = await call('PUT', '/auth/change-password', { currentPassword: 'secret1', newPassword: 'secret2' }, userId);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe('Password changed successfully');
    expect(versionOf(changed.json().token)).toBe(1);
    expect(versionOf(other)).toBeLessThan(await currentVersion());
    expect(await harness.app.identity.sessions.verify(changed.json().token)).toBe(userId);
    await publishedVersion(1);
    // A wrong current password changes nothing.
    await call('PUT', '/auth/change-password', { currentPassword: 'nope-nope', newPassword: 'secret3' }, userId);
    expect(await currentVersion()).toBe(1);
  });

  it('ends every session on a password reset', async () => {
    const before = await currentVersion();
    await call('POST', '/auth/forgot-password', { email });
    const token = linkToken(await smtp.nextMail(email, /Reset your password/), 'reset-password');
    expect((await call('POST', `/auth/reset-password/${token}`, { password: 'secret9' })).statusCode).toBe(200);
    expect(await currentVersion()).toBe(before + 1);
    await publishedVersion(before + 1);
    expect(versionOf(await logIn('secret9'))).toBe(before + 1);
  });

  it('logs out everywhere, this session included (204), for a signed-in user only', async () => {
    const before = await currentVersion();
    const response = await call('POST', '/auth/logout-everywhere', undefined, userId);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await currentVersion()).toBe(before + 1);
    await publishedVersion(before + 1);
    expect((await call('POST', '/auth/logout-everywhere')).statusCode).toBe(401);
  });
});
