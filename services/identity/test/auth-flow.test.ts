import { internalHeaders, serviceHeaders, userHeaders } from '@mailwright/kit/testing';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, linkToken, SmtpSink } from './helpers';

describe('sign-up, verification, login and password flows', () => {
  let harness: Harness;
  let smtp: SmtpSink;
  const email = 'Ada.Lovelace@Example.com';
  const address = 'ada.lovelace@example.com';
  let userId = '';
  let verifyToken = '';

  beforeAll(async () => {
    smtp = new SmtpSink();
    harness = await createHarness('auth_flow', { SYSTEM_SMTP_URL: await smtp.start() });
  });

  afterAll(async () => {
    await harness?.close();
    await smtp?.stop();
  });

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as?: string) =>
    harness.app.inject({
      method,
      url,
      payload,
      headers: as ? await userHeaders(as) : await internalHeaders({ kind: 'public' }),
    });

  it('signs up an unverified user and mails a verification link', async () => {
    const response = await call('POST', '/auth/signup', { name: 'Ada Lovelace', email, password: 'secret1' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Account created! Please check your email to verify your account before logging in.');
    expect(body.user).toMatchObject({
      email: address,
      name: 'Ada Lovelace',
      isVerified: false,
      hasPassword: true,
      oauthProviders: [],
      avatar: null,
      subscription: { plan: 'free', status: 'active', endDate: null },
      emailQuota: { used: 0, limit: 100 },
    });
    expect(JSON.stringify(body)).not.toMatch(/argon2|password_?hash/i);
    userId = body.user.id;
    const mail = await smtp.nextMail(address, /Verify your email/);
    expect(mail.from?.text).toContain('no-reply@mailwright.local');
    verifyToken = linkToken(mail, 'verify-email');
  });

  it('answers a sign-up with a taken address (any letter case) exactly like a new one, and mails the owner instead', async () => {
    const taken = await call('POST', '/auth/signup', { name: 'Other', email: address.toUpperCase(), password: 'secret2' });
    const fresh = await call('POST', '/auth/signup', { name: 'Other', email: 'brand.new@example.com', password: 'secret2' });
    expect(taken.statusCode).toBe(201);
    expect(taken.statusCode).toBe(fresh.statusCode);
    const shape = (body: { message: string; user: Record<string, unknown> }) => ({
      message: body.message,
      userKeys: Object.keys(body.user).sort(),
      user: { ...body.user, _id: 'id', id: 'id', email: 'email', createdAt: 'date' },
    });
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    expect(taken.json().user.id).not.toBe(userId);
    expect(taken.json().user.email).toBe(address);
    expect(JSON.stringify(taken.json())).not.toContain('Ada Lovelace');

    const notice = await smtp.nextMail(address, /Someone tried to sign up with your email address/);
    expect(notice.text).toContain('http://mailwright.test/login');
    expect(notice.text).toContain('http://mailwright.test/forgot-password');
    await smtp.nextMail('brand.new@example.com', /Verify your email/);
    // The owner's account is untouched: still one user with this address, still the first password.
    const { rows } = await harness.app.identity.db.$client.query('select id, name from identity.users where email = $1', [
      address,
    ]);
    expect(rows).toEqual([{ id: userId, name: 'Ada Lovelace' }]);
    const verificationsTo = smtp.mails.filter((mail) => mail.subject?.includes('Verify')).map((mail) => mail.to);
    expect(JSON.stringify(verificationsTo)).not.toContain(address);
  });

  it('mails the owner at most one sign-up notice an hour, however often the address is tried', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await call('POST', '/auth/signup', { name: 'Spam', email: address, password: 'secret2' })).statusCode).toBe(201);
    }
    // A mail sent after those attempts has arrived: a second notice would have too.
    await call('POST', '/auth/signup', { name: 'Later', email: 'later.one@example.com', password: 'secret2' });
    await smtp.nextMail('later.one@example.com', /Verify your email/);
    expect(smtp.mails.filter((mail) => mail.subject?.startsWith('Someone tried to sign up'))).toEqual([]);
  });

  it('refuses login before verification and flags requiresVerification', async () => {
    const response = await call('POST', '/auth/login', { email, password: 'secret1' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Please verify your email before logging in. Check your inbox for the verification link.',
      code: 'EMAIL_NOT_VERIFIED',
      requiresVerification: true,
    });
  });

  it('answers the same 401 for a wrong password and for an unknown email', async () => {
    const wrong = await call('POST', '/auth/login', { email, password: 'nope-nope' });
    const unknown = await call('POST', '/auth/login', { email: 'nobody@example.com', password: 'secret1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHORIZED' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('verifies the email through the mailed link, once only', async () => {
    const verified = await call('GET', `/auth/verify-email/${verifyToken}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'Email verified successfully!' });
    const again = await call('GET', `/auth/verify-email/${verifyToken}`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'This verification link has already been used',
      code: 'BAD_REQUEST',
      reason: 'used',
    });
    const forged = await call('GET', `/auth/verify-email/${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      message: 'This verification link is invalid or has expired',
      code: 'BAD_REQUEST',
      reason: 'unknown',
    });
  });

  it('logs in with a 7-day token, or 30 days with rememberMe, verifiable against the JWKS', async () => {
    const login = await call('POST', '/auth/login', { email, password: 'secret1' });
    expect(login.statusCode).toBe(200);
    const { token, user } = login.json();
    expect(user).toMatchObject({ id: userId, isVerified: true });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: 'mailwright-identity', aud: 'mailwright', sub: userId });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(7 * 24 * 3600);
    expect(await harness.app.identity.sessions.verify(token)).toBe(userId);

    const remembered = decodeJwt(
      (await call('POST', '/auth/login', { email, password: 'secret1', rememberMe: true })).json().token,
    );
    expect((remembered.exp ?? 0) - (remembered.iat ?? 0)).toBe(30 * 24 * 3600);
  });

  it('shows the signed-in user on /auth/me, and 401 without a signed-in user', async () => {
    const me = await call('GET', '/auth/me', undefined, userId);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ _id: userId, id: userId, email: address, name: 'Ada Lovelace', isVerified: true });
    expect((await call('GET', '/auth/me')).statusCode).toBe(401);
    expect((await harness.app.inject({ method: 'GET', url: '/auth/me' })).statusCode).toBe(401);
  });

  it('updates the profile name and avatar, and refuses an avatar that is not a web URL', async () => {
    const updated = await call('PUT', '/auth/profile', { name: 'Ada King', avatar: 'https://example.com/ada.png' }, userId);
    expect(updated.statusCode).toBe(200);
    expect(updated.json().user).toMatchObject({ name: 'Ada King', avatar: 'https://example.com/ada.png' });

    const cleared = await call('PUT', '/auth/profile', { name: 'Ada King', avatar: '' }, userId);
    expect(cleared.json().user.avatar).toBeNull();

    for (const avatar of ['not a url', 'javascript:alert(1)']) {
      const refused = await call('PUT', '/auth/profile', { name: 'Ada', avatar }, userId);
      expect(refused.statusCode).toBe(400);
    }
    const noName = await call('PUT', '/auth/profile', { name: '' }, userId);
    expect(noName.statusCode).toBe(400);
    const blank = await call('PUT', '/auth/profile', { name: '   ' }, userId);
    expect(blank.json()).toEqual({ message: 'Name is required', code: 'VALIDATION_ERROR' });
  });

  it('keeps line breaks and links out of names at sign-up and on profile updates', async () => {
    const signup = await call('POST', '/auth/signup', {
      name: 'Eve\r\nVisit https://evil.test now',
      email: 'eve@example.com',
      password: 'secret1',
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().user.name).toBe('Eve Visit now');
    const mail = await smtp.nextMail('eve@example.com', /Verify your email/);
    expect(mail.text).not.toContain('evil.test');

    const updated = await call('PUT', '/auth/profile', { name: 'Ada\nKing www.evil.test' }, userId);
    expect(updated.json().user.name).toBe('Ada King');
    const onlyLink = await call('PUT', '/auth/profile', { name: 'http://evil.test' }, userId);
    expect(onlyLink.statusCode).toBe(400);
    expect(onlyLink.json()).toEqual({ message: 'Name is required', code: 'VALIDATION_ERROR' });
  });

  it('changes the password only with the right current password', async () => {
    const wrong = await call('PUT', '/auth/change-password', { currentPassword: 'wrong1', newPassword: 'secret2' }, userId);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Current password is incorrect', code: 'BAD_REQUEST' });
    const short = await call('PUT', '/auth/change-password', { currentPassword: 'secret1', newPassword: '12345' }, userId);
    expect(short.statusCode).toBe(400);

    const changed = await call('PUT', '/auth/change-password', { currentPassword: 'secret1', newPassword: 'secret2' }, userId);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: 'Password changed successfully', token: expect.any(String) });
    expect((await call('POST', '/auth/login', { email, password: 'secret1' })).statusCode).toBe(401);
    expect((await call('POST', '/auth/login', { email, password: 'secret2' })).statusCode).toBe(200);
  });

  it('answers forgot-password the same way for unknown and known emails, mailing only the real account', async () => {
    const message = { message: 'If an account exists for that email, a reset link has been sent.' };
    const unknown = await call('POST', '/auth/forgot-password', { email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(message);
    const known = await call('POST', '/auth/forgot-password', { email });
    expect(known.json()).toEqual(message);

    const resetToken = linkToken(await smtp.nextMail(address, /Reset your password/), 'reset-password');
    expect(smtp.mails.some((mail) => mail.text?.includes('ghost@'))).toBe(false);

    const short = await call('POST', `/auth/reset-password/${resetToken}`, { password: '123' });
    expect(short.statusCode).toBe(400);
    const reset = await call('POST', `/auth/reset-password/${resetToken}`, { password: 'secret3' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password reset successful!' });
    const reused = await call('POST', `/auth/reset-password/${resetToken}`, { password: 'secret4' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      message: 'This password reset link has already been used',
      code: 'BAD_REQUEST',
      reason: 'used',
    });
    expect((await call('POST', '/auth/login', { email, password: 'secret2' })).statusCode).toBe(401);
    expect((await call('POST', '/auth/login', { email, password: 'secret3' })).statusCode).toBe(200);
  });

  it('treats a password reset as proof of the address: an unverified user can then log in', async () => {
    const signup = await call('POST', '/auth/signup', { name: 'Grace', email: 'grace@example.com', password: 'secret1' });
    expect(signup.statusCode).toBe(201);
    await smtp.nextMail('grace@example.com', /Verify your email/);
    await call('POST', '/auth/forgot-password', { email: 'grace@example.com' });
    const resetToken = linkToken(await smtp.nextMail('grace@example.com', /Reset your password/), 'reset-password');
    expect((await call('POST', `/auth/reset-password/${resetToken}`, { password: 'brand-new' })).statusCode).toBe(200);
    const login = await call('POST', '/auth/login', { email: 'grace@example.com', password: 'brand-new' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.isVerified).toBe(true);
  });

  it('re-sends the verification mail when an unverified user with the right password tries to log in later', async () => {
    await call('POST', '/auth/signup', { name: 'Late', email: 'late@example.com', password: 'secret1' });
    await smtp.nextMail('late@example.com', /Verify your email/);
    // Pretend the sign-up mail is old.
    await harness.app.identity.db.$client.query(
      "update identity.email_tokens set created_at = now() - interval '10 minutes' where user_id = (select id from identity.users where email = 'late@example.com')",
    );
    expect((await call('POST', '/auth/login', { email: 'late@example.com', password: 'wrong-one' })).statusCode).toBe(401);
    expect((await call('POST', '/auth/login', { email: 'late@example.com', password: 'secret1' })).statusCode).toBe(403);
    const token = linkToken(await smtp.nextMail('late@example.com', /Verify your email/), 'verify-email');
    expect((await call('GET', `/auth/verify-email/${token}`)).statusCode).toBe(200);
  });

  it('expires verification links after 24 hours', async () => {
    await call('POST', '/auth/signup', { name: 'Slow', email: 'slow@example.com', password: 'secret1' });
    const token = linkToken(await smtp.nextMail('slow@example.com', /Verify your email/), 'verify-email');
    await harness.app.identity.db.$client.query(
      "update identity.email_tokens set expires_at = now() - interval '1 second' where user_id = (select id from identity.users where email = 'slow@example.com')",
    );
    const expired = await call('GET', `/auth/verify-email/${token}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: 'This verification link has expired', code: 'BAD_REQUEST', reason: 'expired' });
  });

  it('answers bad input with 4xx and a clear message, never a stack trace', async () => {
    const headers = { ...(await internalHeaders({ kind: 'public' })), 'content-type': 'application/json' };
    const malformed = await harness.app.inject({ method: 'POST', url: '/auth/login', headers, payload: '{"email": ' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('INVALID_JSON');

    const cases: Array<[object, RegExp]> = [
      [{ name: 'A', email: 'a@example.com' }, /password/],
      [{ name: 'A', email: 'not-an-email', password: 'secret1' }, /email/],
      [{ name: 'A', email: 'a@example.com', password: '12345' }, /password/],
      [{ name: 42, email: 'a@example.com', password: 'secret1' }, /name/],
      [{ name: 'A', email: 'a@example.com', password: 'secret1', isVerified: true }, /isVerified/],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/auth/signup', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
      expect(response.body).not.toMatch(/at .*\.ts:\d+/);
    }
    expect((await call('POST', '/auth/forgot-password', { email: 'nope' })).statusCode).toBe(400);
    expect((await call('POST', '/auth/reset-password/short', { password: 'secret1' })).statusCode).toBe(400);
  });

  it('tells services who a user is on /internal/users/:id, and nobody else', async () => {
    const found = await harness.app.inject({
      method: 'GET',
      url: `/internal/users/${userId}`,
      headers: await serviceHeaders('mail'),
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      data: { id: userId, email: address, name: 'Ada King', isVerified: true, sessionVersion: expect.any(Number) },
    });
    const asUser = await harness.app.inject({
      method: 'GET',
      url: `/internal/users/${userId}`,
      headers: await userHeaders(userId),
    });
    expect(asUser.statusCode).toBe(403);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await harness.app.inject({
        method: 'GET',
        url: `/internal/users/${id}`,
        headers: await serviceHeaders('mail'),
      });
      expect(missing.statusCode).toBe(404);
    }
  });
});
