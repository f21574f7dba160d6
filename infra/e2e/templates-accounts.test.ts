// Templates and sender accounts through the gateway: CRUD, preview, plan limits, isolation between users.
import { describe, expect, inject, it } from 'vitest';
import { api, signUpVerified } from './support/api';

type Template = { _id: string; name: string; variables: string[] };

describe('templates through the gateway', () => {
  it('creates, previews and deletes a template, with variables extracted', async () => {
    const user = await signUpVerified('tpl');
    const created = await api<{ data: Template }>('/api/templates', {
      token: user.token,
      body: { name: 'Welcome', subject: 'Hi {{ firstName }}', body: '<p>Hello {{firstName}} from {{company}}</p>' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Welcome', category: 'general', variables: ['firstName', 'company'] });

    const preview = await api<{ data: { subject: string; body: string; missing: string[] } }>(
      `/api/templates/${created.body.data._id}/preview`,
      { token: user.token, body: { variables: { firstName: '<Ada>' } } },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.data.subject).toBe('Hi <Ada>');
    expect(preview.body.data.body).toContain('Hello &lt;Ada&gt;');
    expect(preview.body.data.missing).toEqual(['company']);

    const other = await signUpVerified('tpl-other');
    expect((await api(`/api/templates/${created.body.data._id}`, { token: other.token })).status).toBe(404);
    expect((await api(`/api/templates/${created.body.data._id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
    expect((await api<{ data: unknown[] }>('/api/templates', { token: other.token })).body.data).toHaveLength(0);

    expect((await api(`/api/templates/${created.body.data._id}`, { method: 'DELETE', token: user.token })).status).toBe(200);
    expect((await api(`/api/templates/${created.body.data._id}`, { token: user.token })).status).toBe(404);
  });

  it('stops a free user at five templates with a message naming the limit and the upgrade path', async () => {
    const user = await signUpVerified('tpl-limit');
    for (let i = 1; i <= 5; i++) {
      const response = await api('/api/templates', { token: user.token, body: { name: `T${i}`, subject: 's', body: 'b' } });
      expect(response.status).toBe(201);
    }
    const sixth = await api('/api/templates', { token: user.token, body: { name: 'T6', subject: 's', body: 'b' } });
    expect(sixth.status).toBe(403);
    expect(sixth.body.message).toMatch(/5 templates/);
    expect(sixth.body.message).toMatch(/pricing|Upgrade/i);
  });
});

describe('sender accounts through the gateway', () => {
  it('verifies and adds an SMTP account, never returns its password, and keeps it private', async () => {
    const user = await signUpVerified('acct');
    const account = {
      email: 'sender@example.test',
      displayName: 'Sender',
      host: '127.0.0.1',
      port: inject('sinkSmtpPort'),
      secure: false,
      username: 'sender',
      password: 'smtp-secret-password',
    };
    const created = await api<{ data: { _id: string; isDefault: boolean; provider: string } }>('/api/email-accounts/smtp', {
      token: user.token,
      body: account,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ provider: 'smtp', isDefault: true });
    expect(created.text).not.toContain('smtp-secret-password');

    const list = await api<{ data: unknown[] }>('/api/email-accounts', { token: user.token });
    expect(list.body.data).toHaveLength(1);
    expect(list.text).not.toContain('smtp-secret-password');

    const second = await api('/api/email-accounts/smtp', { token: user.token, body: { ...account, email: 'two@example.test' } });
    expect(second.status).toBe(403);

    const other = await signUpVerified('acct-other');
    const id = created.body.data._id;
    expect((await api(`/api/email-accounts/${id}/default`, { method: 'PUT', token: other.token })).status).toBe(404);
    expect((await api(`/api/email-accounts/${id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
    expect((await api(`/api/email-accounts/${id}`, { method: 'DELETE', token: user.token })).status).toBe(200);
  });

  it('refuses SMTP settings the server rejects and saves nothing', async () => {
    const user = await signUpVerified('acct-bad');
    const response = await api('/api/email-accounts/smtp', {
      token: user.token,
      body: {
        email: 'x@example.test',
        displayName: 'X',
        host: '127.0.0.1',
        port: 1,
        secure: false,
        username: 'x',
        password: 'y',
      },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect((await api<{ data: unknown[] }>('/api/email-accounts', { token: user.token })).body.data).toHaveLength(0);
  });
});
