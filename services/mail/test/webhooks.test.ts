// Outbound webhooks: CRUD and secrets, signatures checked by an independent HMAC implementation, retries
// against an endpoint failing twice, disabling after failing for the (shrunk) window, and SSRF refusal.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkPublicUrl, isPrivateAddress } from '@mailwright/kit';
import { userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSecretBox } from '../src/webhooks/secret-box';
import { Harness, waitFor } from './support/harness';

interface Hit {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Receiver whose answers per path are scripted (status codes, then 200 forever). */
class Receiver {
  readonly hits: Hit[] = [];
  readonly scripts = new Map<string, number[]>();
  private server!: Server;
  url = '';
  async start() {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        const path = req.url ?? '/';
        this.hits.push({ path, headers: req.headers, body });
        const status = this.scripts.get(path)?.shift() ?? 200;
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(status === 200 ? 'ok' : 'nope');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  at(path: string) {
    return this.hits.filter((hit) => hit.path === path);
  }
  stop() {
    return new Promise((resolve) => this.server.close(resolve));
  }
}

/** Written from the documentation, not from the service's code. */
function independentVerify(secret: string, body: string, header: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const [, t, v1] = match as unknown as [string, string, string];
  if (Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8'));
  mac.update(`${t}.`);
  mac.update(Buffer.from(body, 'utf8'));
  return timingSafeEqual(mac.digest(), Buffer.from(v1, 'hex'));
}

const h = new Harness('webhooks');
const receiver = new Receiver();

beforeAll(async () => {
  await receiver.start();
  await h.start({
    env: {
      ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_RETRY_BASE_MS: '100',
      WEBHOOK_RETRY_MAX_DELAY_MS: '400',
      WEBHOOK_FAILURE_WINDOW_MS: '3000',
    },
  });
});
afterAll(async () => {
  await h.stop();
  await receiver.stop();
});

async function call(userId: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return h.app.inject({ method, url, headers: await userHeaders(userId), payload: payload as Record<string, unknown> });
}

describe('webhooks', () => {
  it('creates, lists, updates, rotates and deletes endpoints; the secret is shown only on create and rotate', async () => {
    const userId = randomUUID();
    const created = await call(userId, 'POST', '/webhooks', { url: `${receiver.url}/crud`, events: ['email.sent'] });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json().data;
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(endpoint.events).toEqual(['email.sent']);
    const { rows } = await h.pool.query('SELECT secret_sealed FROM mail.webhook_endpoints WHERE id = $1', [endpoint.id]);
    expect(rows[0].secret_sealed).not.toContain(endpoint.secret.slice(6));
    const list = await call(userId, 'GET', '/webhooks');
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0].secret).toBeUndefined();
    const updated = await call(userId, 'PATCH', `/webhooks/${endpoint.id}`, { events: ['email.opened', 'email.clicked'] });
    expect(updated.json().data.events).toEqual(['email.opened', 'email.clicked']);
    const rotated = await call(userId, 'POST', `/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.json().data.secret).toMatch(/^whsec_/);
    expect(rotated.json().data.secret).not.toBe(endpoint.secret);
    expect((await call(randomUUID(), 'GET', `/webhooks/${endpoint.id}`)).statusCode).toBe(404);
    expect((await call(randomUUID(), 'DELETE', `/webhooks/${endpoint.id}`)).statusCode).toBe(404);
    expect((await call(userId, 'GET', '/webhooks/not-a-uuid')).json()).toEqual({
      message: 'Webhook endpoint not found',
      code: 'NOT_FOUND',
    });
    const badEvent = await call(userId, 'POST', '/webhooks', { url: `${receiver.url}/x`, events: ['email.exploded'] });
    expect(badEvent.statusCode).toBe(400);
    expect((await call(userId, 'DELETE', `/webhooks/${endpoint.id}`)).statusCode).toBe(204);
    expect((await call(userId, 'GET', '/webhooks')).json().data).toEqual([]);
  });

  it('never registers more endpoints than the limit, even from 30 concurrent requests', async () => {
    const userId = randomUUID();
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(userId, 'POST', '/webhooks', { url: `${receiver.url}/race-${i}`, events: ['email.sent'] }),
      ),
    );
    const statuses = attempts.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    expect(attempts.find((response) => response.statusCode === 409)?.json().message).toBe(
      'You can register up to 20 webhook endpoints',
    );
    const { rows } = await h.pool.query('SELECT count(*)::int AS n FROM mail.webhook_endpoints WHERE user_id = $1', [userId]);
    expect(rows[0].n).toBe(20);
    // Another user is not held back by the first one's limit.
    expect(
      (await call(randomUUID(), 'POST', '/webhooks', { url: `${receiver.url}/other`, events: ['email.sent'] })).statusCode,
    ).toBe(201);
  });

  it('delivers signed email.sent events that an independent implementation verifies, and a test event', async () => {
    const { userId } = h.newUser();
    const created = await call(userId, 'POST', '/webhooks', {
      url: `${receiver.url}/signed`,
      events: ['email.sent', 'email.scheduled', 'email.cancelled'],
    });
    const secret = created.json().data.secret as string;
    const sent = await h.send(userId, { to: ['r@example.com'], subject: 'Hook me', body: 'hi' });
    const hit = await waitFor(() => receiver.at('/signed').find((x) => JSON.parse(x.body).type === 'email.sent'));
    const signature = hit.headers['mailwright-signature'] as string;
    expect(independentVerify(secret, hit.body, signature)).toBe(true);
    expect(independentVerify(secret, hit.body.replace('Hook me', 'Hook you'), signature)).toBe(false);
    const payload = JSON.parse(hit.body);
    expect(payload.data).toMatchObject({
      emailId: sent.json().data.id,
      status: 'sent',
      subject: 'Hook me',
      to: ['r@example.com'],
    });
    expect(hit.headers['mailwright-event']).toBe('email.sent');

    const scheduled = await h.send(userId, {
      to: ['r@example.com'],
      subject: 'Later',
      body: 'hi',
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await call(userId, 'DELETE', `/emails/${scheduled.json().data.id}/cancel`);
    await waitFor(() => receiver.at('/signed').some((x) => JSON.parse(x.body).type === 'email.cancelled'));
    expect(receiver.at('/signed').some((x) => JSON.parse(x.body).type === 'email.scheduled')).toBe(true);

    const test = await call(userId, 'POST', `/webhooks/${created.json().data.id}/test`);
    expect(test.statusCode).toBe(200);
    expect(test.json().data).toMatchObject({ event: 'webhook.test', status: 'succeeded', responseStatus: 200, attempts: 1 });
    const testHit = receiver.at('/signed').find((x) => JSON.parse(x.body).type === 'webhook.test');
    expect(independentVerify(secret, testHit!.body, testHit!.headers['mailwright-signature'] as string)).toBe(true);
  });

  it('retries an endpoint that fails twice, then succeeds, and records every attempt', async () => {
    const { userId } = h.newUser();
    receiver.scripts.set('/flaky', [500, 503]);
    const created = await call(userId, 'POST', '/webhooks', { url: `${receiver.url}/flaky`, events: ['email.sent'] });
    await h.send(userId, { to: ['r@example.com'], subject: 'Flaky', body: 'hi' });
    await waitFor(() => receiver.at('/flaky').length >= 3, 15_000);
    const deliveries = await waitFor(async () => {
      const response = await call(userId, 'GET', `/webhooks/${created.json().data.id}/deliveries`);
      const [delivery] = response.json().data;
      return delivery?.status === 'succeeded' ? response.json().data : null;
    });
    expect(deliveries[0].attempts).toBe(3);
    expect(deliveries[0].attemptLog.map((a: { responseStatus: number }) => a.responseStatus)).toEqual([500, 503, 200]);
    expect(deliveries[0].attemptLog[0].error).toBe('The endpoint answered HTTP 500');
    const bodies = receiver.at('/flaky').map((x) => JSON.parse(x.body).id);
    expect(new Set(bodies).size).toBe(1); // one event id across retries
    expect((await call(userId, 'GET', `/webhooks/${created.json().data.id}`)).json().data.failingSince).toBeNull();
  });

  it('disables an endpoint that fails for the whole window and shows why; re-enabling clears it', async () => {
    const { userId } = h.newUser();
    receiver.scripts.set(
      '/down',
      Array.from({ length: 1000 }, () => 500),
    );
    const created = await call(userId, 'POST', '/webhooks', { url: `${receiver.url}/down`, events: ['email.sent'] });
    const id = created.json().data.id;
    await h.send(userId, { to: ['r@example.com'], subject: 'Down', body: 'hi' });
    const disabled = await waitFor(async () => {
      const endpoint = (await call(userId, 'GET', `/webhooks/${id}`)).json().data;
      return endpoint.enabled ? null : endpoint;
    }, 15_000);
    expect(disabled.disabledReason).toBe(
      'Disabled after failing for 3 seconds without a successful delivery. Last error: The endpoint answered HTTP 500',
    );
    const [delivery] = (await call(userId, 'GET', `/webhooks/${id}/deliveries`)).json().data;
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts).toBeGreaterThan(2);
    // A disabled endpoint receives nothing new.
    const before = receiver.at('/down').length;
    await h.send(userId, { to: ['r@example.com'], subject: 'Still down', body: 'hi' });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(receiver.at('/down').length).toBe(before);
    const enabled = await call(userId, 'PATCH', `/webhooks/${id}`, { enabled: true });
    expect(enabled.json().data).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('refuses loopback and private URLs unless ALLOW_PRIVATE_TARGETS is set, also at delivery time', async () => {
    expect(isPrivateAddress('127.0.0.1')).toBe(true);
    expect(isPrivateAddress('10.0.0.8')).toBe(true);
    expect(isPrivateAddress('192.168.1.1')).toBe(true);
    expect(isPrivateAddress('169.254.169.254')).toBe(true);
    expect(isPrivateAddress('::1')).toBe(true);
    expect(isPrivateAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isPrivateAddress('fd00::1')).toBe(true);
    expect(isPrivateAddress('93.184.215.14')).toBe(false);
    await expect(checkPublicUrl('https://localhost/x', { allowPrivate: false })).rejects.toMatchObject({ problem: 'private' });

    const strict = new Harness('webhooks-strict');
    await strict.start({
      env: { ALLOW_PRIVATE_TARGETS: 'false', WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_FAILURE_WINDOW_MS: '1000' },
    });
    try {
      const { userId } = strict.newUser();
      const headers = await userHeaders(userId);
      for (const url of [
        `${receiver.url}/ssrf`,
        'https://127.0.0.1/hook',
        'https://localhost/hook',
        'https://[::1]/hook',
        'https://10.0.0.5/hook',
      ]) {
        const response = await strict.app.inject({
          method: 'POST',
          url: '/webhooks',
          headers,
          payload: { url, events: ['email.sent'] },
        });
        expect(response.statusCode, url).toBe(400);
      }
      const refused = await strict.app.inject({
        method: 'POST',
        url: '/webhooks',
        headers,
        payload: { url: 'https://127.0.0.1/hook', events: ['email.sent'] },
      });
      expect(refused.json()).toEqual({
        message: 'url must point to a public address: loopback, private and link-local addresses are not allowed',
        code: 'VALIDATION_ERROR',
      });
      // A row that points at loopback anyway (saved while allowed, or DNS changed since) is refused by the worker.
      // (This worker also refuses the loopback SMTP peer, so the email fails: the endpoint takes that event too.)
      await strict.pool.query(
        "INSERT INTO mail.webhook_endpoints (user_id, url, events, secret_sealed) VALUES ($1, $2, '{email.sent,email.failed}', $3)",
        [userId, `https://localhost:${new URL(receiver.url).port}/ssrf`, webhookSecretBox(strict.config).seal('whsec_x')],
      );
      await strict.send(userId, { to: ['r@example.com'], subject: 'SSRF', body: 'hi' });
      const delivery = await waitFor(async () => {
        const { rows } = await strict.pool.query('SELECT attempt_log FROM mail.webhook_deliveries WHERE user_id = $1', [userId]);
        return rows[0]?.attempt_log?.length > 0 ? rows[0] : null;
      });
      expect(delivery.attempt_log[0].error).toBe(
        'url must point to a public address: loopback, private and link-local addresses are not allowed',
      );
      expect(receiver.at('/ssrf')).toHaveLength(0);
    } finally {
      await strict.stop();
    }
  });
});
