// API keys read what they sent, and their scopes hold, through the whole stack: a full-access key sends and reads,
// a read-only key cannot send, a send-only key cannot read, and no key reads another user's email.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, type SignedInUser, signUpVerified, uniqueEmail } from './support/api';
import { upgrade } from './support/checkout';

type Scope = 'send' | 'read';

/** A pro user with an SMTP sender (the stack's sink). */
async function proSender(label: string): Promise<SignedInUser> {
  const user = await signUpVerified(label);
  expect((await upgrade(user.token, 'pro')).verify.status).toBe(200);
  const account = await api('/api/email-accounts/smtp', {
    token: user.token,
    body: {
      email: `${label}@example.test`,
      displayName: label,
      host: '127.0.0.1',
      port: inject('sinkSmtpPort'),
      secure: false,
      username: label,
      password: 'smtp-password',
    },
  });
  expect(account.status).toBe(201);
  return user;
}

async function newKey(user: SignedInUser, name: string, scopes?: Scope[]): Promise<string> {
  const created = await api<{ data: { key: string; scopes: Scope[] } }>('/api/api-keys', {
    token: user.token,
    body: scopes ? { name, scopes } : { name },
  });
  expect(created.status).toBe(201);
  expect(created.body.data.scopes).toEqual(scopes ?? ['send', 'read']);
  return created.body.data.key;
}

const sendWith = (apiKey: string, subject: string) =>
  api<{ data: { id: string } }>('/api/emails/api/send', {
    apiKey,
    body: { to: [uniqueEmail('scopes-reader')], subject, body: `About ${subject}` },
  });

let owner: SignedInUser;
let full = '';
let readOnly = '';
let sendOnly = '';

beforeAll(async () => {
  owner = await proSender('scopes-owner');
  full = await newKey(owner, 'Full access');
  readOnly = await newKey(owner, 'Dashboard', ['read']);
  sendOnly = await newKey(owner, 'Sender', ['send']);
});

describe('API key scopes and the email log for keys', () => {
  it('lets a full-access key send, then read that email and find it in the list', async () => {
    const sent = await sendWith(full, 'Full access hello');
    expect(sent.status).toBe(201);
    const { id } = sent.body.data;

    const one = await api<{ data: { id: string; subject: string } }>(`/api/emails/api/${id}`, { apiKey: full });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id, subject: 'Full access hello' });
    const list = await api<{ data: Array<{ id: string }>; pagination: { total: number } }>(
      '/api/emails/api?search=Full%20access',
      { apiKey: full },
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((email) => email.id)).toEqual([id]);

    const listed = await api<{ data: Array<{ name: string; scopes: Scope[] }> }>('/api/api-keys', { token: owner.token });
    expect(Object.fromEntries(listed.body.data.map((key) => [key.name, key.scopes]))).toEqual({
      'Full access': ['send', 'read'],
      Dashboard: ['read'],
      Sender: ['send'],
    });
  });

  it('refuses sending with a read-only key and reading with a send-only key (403)', async () => {
    const refused = await sendWith(readOnly, 'Never sent');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'This API key cannot send emails (scope: send)', code: 'FORBIDDEN' });
    const compatSend = await api('/compat/resend/emails', {
      headers: { authorization: `Bearer ${readOnly}` },
      body: { from: 'scopes-owner@example.test', to: uniqueEmail('scopes-reader'), subject: 'x', text: 'x' },
    });
    expect(compatSend.status).toBe(403);
    expect(compatSend.body).toMatchObject({ name: 'restricted_api_key' });

    const sent = await sendWith(sendOnly, 'Sent but not readable');
    expect(sent.status).toBe(201);
    const { id } = sent.body.data;
    for (const path of [`/api/emails/api/${id}`, '/api/emails/api']) {
      const read = await api(path, { apiKey: sendOnly });
      expect(read.status).toBe(403);
      expect(read.body).toEqual({ message: 'This API key cannot read emails (scope: read)', code: 'FORBIDDEN' });
    }
    const compatRead = await api(`/compat/resend/emails/${id}`, { headers: { authorization: `Bearer ${sendOnly}` } });
    expect(compatRead.status).toBe(403);

    // The read-only key reads what the owner's other key sent.
    const read = await api<{ data: { id: string } }>(`/api/emails/api/${id}`, { apiKey: readOnly });
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(id);
  });

  it("answers 404 for another user's email and lists none of them", async () => {
    const sent = await sendWith(full, 'Owner only');
    expect(sent.status).toBe(201);
    const stranger = await proSender('scopes-stranger');
    const strangerKey = await newKey(stranger, 'Stranger');
    const foreign = await api(`/api/emails/api/${sent.body.data.id}`, { apiKey: strangerKey });
    expect(foreign.status).toBe(404);
    const list = await api<{ data: unknown[]; pagination: { total: number } }>('/api/emails/api', { apiKey: strangerKey });
    expect(list.body.data).toEqual([]);
    expect(list.body.pagination.total).toBe(0);
  });
});
