// SMTP accounts end to end against real Postgres and a real SMTP server with AUTH.
import { randomUUID } from 'node:crypto';
import { type SmtpPeer, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './helpers/harness';
import { startSmtpPeer } from './helpers/smtp-peer';

const PASSWORD = 'correct horse battery staple';

let t: Harness;
let smtp: SmtpPeer;

const form = (overrides: Record<string, unknown> = {}) => ({
  email: 'sender@example.com',
  displayName: 'Sender',
  host: smtp.host,
  port: smtp.port,
  secure: false,
  username: 'sender',
  password: PASSWORD,
  ...overrides,
});

async function call(userId: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: await userHeaders(userId),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function rowsOf(userId: string) {
  const { rows } = await t.raw.query('select * from accounts.email_accounts where user_id = $1 order by created_at', [userId]);
  return rows;
}

beforeAll(async () => {
  smtp = await startSmtpPeer({ sender: PASSWORD, other: 'other-secret-password' });
  t = await startHarness('smtp');
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('adding an SMTP account', () => {
  it('verifies the settings against the server, saves the account as default and never returns the password', async () => {
    const userId = randomUUID();
    const response = await call(userId, 'POST', '/email-accounts/smtp', form());
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      email: 'sender@example.com',
      displayName: 'Sender',
      provider: 'smtp',
      isDefault: true,
      status: 'active',
      smtpConfig: { host: smtp.host, port: smtp.port, secure: false, username: 'sender' },
    });
    expect(data._id).toBe(data.id);
    expect(response.body).not.toContain(PASSWORD);
    expect(smtp.logins).toContain('sender');

    const list = await call(userId, 'GET', '/email-accounts');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([data]);
    expect(list.body).not.toContain(PASSWORD);
  });

  it('stores the password sealed with the current key id, not in plaintext', async () => {
    const userId = randomUUID();
    await call(userId, 'POST', '/email-accounts/smtp', form());
    const [row] = await rowsOf(userId);
    expect(row.secret_sealed).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(row.secret_key_id).toBe(row.secret_sealed.split(':')[1]);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(JSON.stringify(row)).not.toContain(Buffer.from(PASSWORD).toString('base64'));
  });

  it('answers 400 with the server reason for a wrong password and saves nothing', async () => {
    const userId = randomUUID();
    const response = await call(userId, 'POST', '/email-accounts/smtp', form({ password: 'wrong password' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'SMTP_VERIFY_FAILED',
      message: 'Could not verify SMTP settings: Invalid login: 535 Authentication failed',
    });
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('answers 400 when nothing listens on the port', async () => {
    const userId = randomUUID();
    const response = await call(userId, 'POST', '/email-accounts/smtp', form({ port: 1 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('SMTP_VERIFY_FAILED');
    expect(response.json().message).toMatch(/^Could not verify SMTP settings: .*ECONNREFUSED/);
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('defaults the port to 587 when none is given', async () => {
    const userId = randomUUID();
    const response = await call(userId, 'POST', '/email-accounts/smtp', form({ port: undefined }));
    // Nothing listens on 587 here: the failure proves the default port was tried.
    expect(response.json().message).toContain('587');
  });

  it('accepts the port as a numeric string from the form', async () => {
    const response = await call(randomUUID(), 'POST', '/email-accounts/smtp', form({ port: String(smtp.port) }));
    expect(response.statusCode).toBe(201);
    expect(response.json().data.smtpConfig.port).toBe(smtp.port);
  });

  it('rejects missing required fields and bad values with 400', async () => {
    const userId = randomUUID();
    const { host: _host, ...withoutHost } = form();
    const missing = (await call(userId, 'POST', '/email-accounts/smtp', withoutHost)).json();
    expect(missing.code).toBe('VALIDATION_ERROR');
    expect(missing.message).toContain('host');
    expect((await call(userId, 'POST', '/email-accounts/smtp', form({ password: '' }))).statusCode).toBe(400);
    expect((await call(userId, 'POST', '/email-accounts/smtp', form({ email: 'not-an-email' }))).statusCode).toBe(400);
    expect((await call(userId, 'POST', '/email-accounts/smtp', form({ port: 'abc' }))).statusCode).toBe(400);
    expect((await call(userId, 'POST', '/email-accounts/smtp', form({ port: 70000 }))).statusCode).toBe(400);
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('refuses the same SMTP address twice', async () => {
    const userId = randomUUID();
    expect((await call(userId, 'POST', '/email-accounts/smtp', form())).statusCode).toBe(201);
    const again = await call(userId, 'POST', '/email-accounts/smtp', form({ email: 'SENDER@example.com' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An SMTP account with this email address already exists');
  });

  it('refuses a loopback host when private targets are not allowed', async () => {
    const strict = await startHarness('smtp_ssrf', { env: { ALLOW_PRIVATE_TARGETS: 'false' } });
    try {
      const response = await strict.app.inject({
        method: 'POST',
        url: '/email-accounts/smtp',
        headers: await userHeaders(randomUUID()),
        payload: form({ host: 'localhost' }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'The SMTP host localhost resolves to a private or loopback address, which this server does not allow',
      );
    } finally {
      await strict.close();
    }
  });
});

describe('editing an SMTP account', () => {
  it('keeps the stored password when the password is empty, and re-verifies with it', async () => {
    const userId = randomUUID();
    const { data: created } = (await call(userId, 'POST', '/email-accounts/smtp', form())).json();
    const before = smtp.logins.length;
    const response = await call(userId, 'PUT', `/email-accounts/${created.id}`, form({ displayName: 'Renamed', password: '' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: created.id, displayName: 'Renamed', isDefault: true });
    expect(smtp.logins.length).toBe(before + 1);
  });

  it('keeps the stored password when the password is absent', async () => {
    const userId = randomUUID();
    const { data: created } = (await call(userId, 'POST', '/email-accounts/smtp', form())).json();
    const { password: _password, ...withoutPassword } = form({ displayName: 'No password field' });
    const response = await call(userId, 'PUT', `/email-accounts/${created.id}`, withoutPassword);
    expect(response.statusCode).toBe(200);
  });

  it('changes the password and username after verifying the new ones', async () => {
    const userId = randomUUID();
    const { data: created } = (await call(userId, 'POST', '/email-accounts/smtp', form())).json();
    const [before] = await rowsOf(userId);
    const response = await call(
      userId,
      'PUT',
      `/email-accounts/${created.id}`,
      form({ username: 'other', password: 'other-secret-password' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.smtpConfig.username).toBe('other');
    const [after] = await rowsOf(userId);
    expect(after.secret_sealed).not.toBe(before.secret_sealed);
    expect(JSON.stringify(after)).not.toContain('other-secret-password');
  });

  it('saves nothing when the new settings fail verification', async () => {
    const userId = randomUUID();
    const { data: created } = (await call(userId, 'POST', '/email-accounts/smtp', form())).json();
    const [before] = await rowsOf(userId);
    const response = await call(userId, 'PUT', `/email-accounts/${created.id}`, form({ displayName: 'X', password: 'nope' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('SMTP_VERIFY_FAILED');
    expect(await rowsOf(userId)).toEqual([before]);
  });

  it('asks for the password again before the stored one could go to another host, port or username', async () => {
    const userId = randomUUID();
    const { data: created } = (await call(userId, 'POST', '/email-accounts/smtp', form())).json();
    const [before] = await rowsOf(userId);
    // The editor's own server, which would accept any login and keep the password it was sent.
    const elsewhere = await startSmtpPeer({});
    try {
      for (const change of [
        { host: 'localhost', port: elsewhere.port },
        { port: elsewhere.port },
        { username: 'someone-else' },
      ]) {
        const response = await call(userId, 'PUT', `/email-accounts/${created.id}`, form({ ...change, password: '' }));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          code: 'VALIDATION_ERROR',
          message: 'Enter the password again to change the host, port or username',
        });
        const { password: _password, ...withoutPassword } = form(change);
        expect((await call(userId, 'PUT', `/email-accounts/${created.id}`, withoutPassword)).statusCode).toBe(400);
      }
      expect(elsewhere.attempts).toEqual([]);
      expect(smtp.attempts.filter((attempt) => attempt.username === 'someone-else')).toEqual([]);
      expect(await rowsOf(userId)).toEqual([before]);
    } finally {
      await elsewhere.stop();
    }
  });

  it('moves to another port when the password is given again', async () => {
    const userId = randomUUID();
    const { data: created } = (await call(userId, 'POST', '/email-accounts/smtp', form())).json();
    const moved = await startSmtpPeer({ sender: PASSWORD });
    try {
      const response = await call(userId, 'PUT', `/email-accounts/${created.id}`, form({ port: moved.port }));
      expect(response.statusCode).toBe(200);
      expect(response.json().data.smtpConfig.port).toBe(moved.port);
      expect(moved.logins).toEqual(['sender']);
    } finally {
      await moved.stop();
    }
  });

  it('refuses to change the email address', async () => {
    const userId = randomUUID();
    const { data: created } = (await call(userId, 'POST', '/email-accounts/smtp', form())).json();
    const response = await call(userId, 'PUT', `/email-accounts/${created.id}`, form({ email: 'someone-else@example.com' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The email address of an account cannot be changed');
  });
});

describe('another user', () => {
  it("cannot see, edit, delete or default someone else's account", async () => {
    const owner = randomUUID();
    const stranger = randomUUID();
    const { data: created } = (await call(owner, 'POST', '/email-accounts/smtp', form())).json();
    expect((await call(stranger, 'GET', '/email-accounts')).json().data).toEqual([]);
    for (const [method, url, body] of [
      ['PUT', `/email-accounts/${created.id}`, form()],
      ['DELETE', `/email-accounts/${created.id}`, undefined],
      ['PUT', `/email-accounts/${created.id}/default`, undefined],
    ] as const) {
      const response = await call(stranger, method, url, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Email account not found' });
    }
    expect(await rowsOf(owner)).toHaveLength(1);
  });

  it('answers 404 for ids that are not uuids', async () => {
    const userId = randomUUID();
    expect((await call(userId, 'DELETE', '/email-accounts/not-a-uuid')).statusCode).toBe(404);
    expect((await call(userId, 'PUT', '/email-accounts/123/default')).statusCode).toBe(404);
    expect((await call(userId, 'PUT', '/email-accounts/123', form())).statusCode).toBe(404);
  });

  it('requires a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/email-accounts' });
    expect(response.statusCode).toBe(401);
  });
});
