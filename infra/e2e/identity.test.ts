// Sign-up to password reset through the gateway, with the mails caught by a real SMTP peer.
import { describe, expect, it } from 'vitest';
import { api, linkIn, signUpVerified, uniqueEmail, waitForMail } from './support/api';
import { upgrade } from './support/checkout';

describe('identity through the gateway', () => {
  it('takes a new user from sign-up through verification, profile, password change and reset', async () => {
    const email = uniqueEmail('journey');
    const signup = await api('/api/auth/signup', { body: { name: 'Journey Tester', email, password: 'first-pass' } });
    expect(signup.status).toBe(201);

    // A taken address is answered like a new one (no account enumeration); the owner is mailed instead.
    const duplicate = await api('/api/auth/signup', { body: { name: 'Again', email, password: 'first-pass' } });
    expect(duplicate.status).toBe(201);
    expect(duplicate.body.message).toBe(signup.body.message);

    const refused = await api('/api/auth/login', { body: { email, password: 'first-pass' } });
    expect(refused.status).toBe(403);
    expect(refused.body.requiresVerification).toBe(true);

    const verification = await waitForMail(email);
    const verifyLink = linkIn(verification, '/verify-email/');
    expect(verifyLink.startsWith(`${new URL(verifyLink).origin}/verify-email/`)).toBe(true);
    const verified = await api(`/api/auth/verify-email/${verifyLink.split('/verify-email/')[1]}`);
    expect(verified.status).toBe(200);

    const wrong = await api('/api/auth/login', { body: { email, password: 'not-it' } });
    const unknown = await api('/api/auth/login', { body: { email: uniqueEmail('nobody'), password: 'not-it' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);

    const login = await api<{ token: string; user: Record<string, unknown> }>('/api/auth/login', {
      body: { email, password: 'first-pass' },
    });
    expect(login.status).toBe(200);
    const { token } = login.body;

    const me = await api<{ user: Record<string, unknown> }>('/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({
      email,
      name: 'Journey Tester',
      isVerified: true,
      oauthProviders: [],
      subscription: { plan: 'free', status: 'active' },
      emailQuota: { used: 0, limit: 100 },
    });

    const profile = await api<{ user: Record<string, unknown> }>('/api/auth/profile', {
      method: 'PUT',
      token,
      body: { name: 'Renamed Tester', avatar: 'https://example.com/a.png' },
    });
    expect(profile.status).toBe(200);
    expect(profile.body.user).toMatchObject({ name: 'Renamed Tester', avatar: 'https://example.com/a.png' });
    const badAvatar = await api('/api/auth/profile', { method: 'PUT', token, body: { name: 'X', avatar: 'not a url' } });
    expect(badAvatar.status).toBe(400);

    const badCurrent = await api('/api/auth/change-password', {
      method: 'PUT',
      token,
      body: { currentPassword: 'wrong', newPassword: 'second-pass' },
    });
    expect(badCurrent.status).toBe(400);
    const changed = await api('/api/auth/change-password', {
      method: 'PUT',
      token,
      body: { currentPassword: 'first-pass', newPassword: 'second-pass' },
    });
    expect(changed.status).toBe(200);
    expect((await api('/api/auth/login', { body: { email, password: 'second-pass' } })).status).toBe(200);

    const forgot = await api('/api/auth/forgot-password', { body: { email } });
    expect(forgot.status).toBe(200);
    const forgotUnknown = await api('/api/auth/forgot-password', { body: { email: uniqueEmail('ghost') } });
    expect(forgotUnknown.status).toBe(200);
    expect(forgotUnknown.body.message).toBe(forgot.body.message);

    const resetMail = await waitForMail(email, (mail) => /reset-password/.test(mail.text + mail.html));
    const resetToken = linkIn(resetMail, '/reset-password/').split('/reset-password/')[1];
    const reset = await api(`/api/auth/reset-password/${resetToken}`, { body: { password: 'third-pass' } });
    expect(reset.status).toBe(200);
    const replay = await api(`/api/auth/reset-password/${resetToken}`, { body: { password: 'fourth-pass' } });
    expect(replay.status).toBe(400);
    expect((await api('/api/auth/login', { body: { email, password: 'third-pass' } })).status).toBe(200);
    expect((await api('/api/auth/login', { body: { email, password: 'second-pass' } })).status).toBe(401);
  });

  it('refuses API keys on the free plan with the plan rule', async () => {
    const user = await signUpVerified('keys-free');
    const refused = await api('/api/api-keys', { token: user.token, body: { name: 'CI key' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'API_ACCESS_REQUIRED', message: expect.stringMatching(/Pro and Enterprise/) });
  });

  it('creates, lists masked, toggles and deletes API keys', async () => {
    const user = await signUpVerified('keys');
    expect((await upgrade(user.token, 'pro')).verify.status).toBe(200);
    const created = await api<{ data: { id: string; key: string; isActive: boolean } }>('/api/api-keys', {
      token: user.token,
      body: { name: 'CI key' },
    });
    expect(created.status).toBe(201);
    const fullKey = created.body.data.key;
    expect(fullKey.length).toBeGreaterThan(20);

    const list = await api<{
      data: Array<{ id: string; name: string; key: string; lastUsed: string | null; isActive: boolean }>;
    }>('/api/api-keys', { token: user.token });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ name: 'CI key', isActive: true, lastUsed: null });
    expect(list.body.data[0]?.key).not.toBe(fullKey);
    expect(fullKey.startsWith(list.body.data[0]?.key.slice(0, 8) ?? 'x')).toBe(true);

    const toggled = await api<{ data: { isActive: boolean } }>(`/api/api-keys/${created.body.data.id}/toggle`, {
      method: 'PUT',
      token: user.token,
    });
    expect(toggled.body.data.isActive).toBe(false);

    const other = await signUpVerified('keys-other');
    expect((await api(`/api/api-keys/${created.body.data.id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
    expect((await api(`/api/api-keys/${created.body.data.id}`, { method: 'DELETE', token: user.token })).status).toBe(200);
    expect((await api<{ data: unknown[] }>('/api/api-keys', { token: user.token })).body.data).toHaveLength(0);
  });
});
