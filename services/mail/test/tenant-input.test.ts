// Input one tenant controls must never become another tenant's error or a 5xx: unstorable text is refused per
// email with a 400 naming the field, a statement shared by several users' emails that fails is retried per email,
// and malformed dates and control characters in a subject are the sender's 400.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from './support/harness';
import { newEmail } from './support/new-email';

const h = new Harness('tenant-input');
beforeAll(() => h.start({ worker: false }));
afterAll(() => h.stop());

/** A JSON body whose text holds escapes JSON.stringify would not write (a lone surrogate stays an escape). */
const rawJson = (fields: Record<string, string>) =>
  `{${Object.entries(fields)
    .map(([key, value]) => `"${key}":${value}`)
    .join(',')}}`;

describe('one tenant’s input', () => {
  it('fails only its own email when the database refuses it inside a statement shared with another tenant', async () => {
    const victim = h.newUser();
    const attacker = h.newUser();
    // Pushed in one tick, so all share one batch statement; both bad values get past the request checks only here.
    const good = Array.from({ length: 6 }, (_, i) => newEmail(victim.userId, victim.accountId, { subject: `Good ${i}` }));
    const bad = [
      newEmail(attacker.userId, attacker.accountId, { subject: 'nul \u0000 inside' }),
      newEmail(attacker.userId, attacker.accountId, { status: 'scheduled', scheduledAt: new Date(-8.64e15) }),
    ];
    const outcomes = await Promise.allSettled([...bad, ...good].map((email) => h.deps.outbox.intake.accept(email, 100)));
    const [nul, overflow, ...rest] = outcomes;
    expect(rest.map((outcome) => outcome.status)).toEqual(good.map(() => 'fulfilled'));
    for (const outcome of [nul, overflow]) {
      expect(outcome?.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ statusCode: 400 });
    }
    const { rows } = await h.pool.query<{ user_id: string; n: number }>(
      'SELECT user_id, count(*)::int AS n FROM mail.emails WHERE user_id = ANY($1) GROUP BY user_id',
      [[victim.userId, attacker.userId]],
    );
    expect(rows).toEqual([{ user_id: victim.userId, n: 6 }]);
    const quota = await h.pool.query('SELECT user_id, used FROM mail.quota_usage WHERE user_id = ANY($1)', [
      [victim.userId, attacker.userId],
    ]);
    expect(quota.rows).toEqual([{ user_id: victim.userId, used: 6 }]);
  });

  it('refuses NUL and unpaired surrogates with a 400 naming the field, while another tenant sends at the same time', async () => {
    const victim = h.newUser();
    const attacker = h.newUser();
    const templateId = randomUUID();
    h.services.templates.set(templateId, { userId: attacker.userId, subject: 'Hi', body: 'Dear {{name}}' });
    // The field named: the email's own (this service's check) or the request's (the kit's body check, which may run first).
    const poisoned: Array<[RegExp, string]> = [
      [/^subject /, rawJson({ to: '["a@example.net"]', subject: '"bad \\ud800 subject"', body: '"b"' })],
      [/^body /, rawJson({ to: '["a@example.net"]', subject: '"s"', body: '"bad \\udc00 body"' })],
      [/^body /, rawJson({ to: '["a@example.net"]', subject: '"s"', body: '"nul \\u0000 body"' })],
      [
        /^(body|variables\.name) /,
        rawJson({ to: '["a@example.net"]', templateId: `"${templateId}"`, variables: '{"name":"\\udbff"}' }),
      ],
    ];
    const headers = { 'content-type': 'application/json' };
    const [attacks, victims] = await Promise.all([
      Promise.all(poisoned.map(([, payload]) => h.send(attacker.userId, payload as never, headers))),
      Promise.all(
        Array.from({ length: 8 }, (_, i) => h.send(victim.userId, { to: [`v${i}@example.net`], subject: 'Hi', body: 'b' })),
      ),
    ]);
    expect(victims.map((response) => response.statusCode)).toEqual(victims.map(() => 201));
    for (const [index, [field]] of poisoned.entries()) {
      const response = attacks[index];
      expect(response?.statusCode).toBe(400);
      expect(response?.json().message).toMatch(field);
    }
    // A surrogate pair is ordinary text (an emoji) and is accepted.
    const emoji = await h.send(
      attacker.userId,
      rawJson({ to: '["a@example.net"]', subject: '"ok \\ud83d\\ude00"', body: '"b"' }) as never,
      headers,
    );
    expect(emoji.statusCode).toBe(201);
  });

  it('accepts a body of unclosed and stray tags as any other email, without holding another tenant’s sends', async () => {
    const victim = h.newUser();
    const attacker = h.newUser();
    // 850 KB, under the body limit: the converter before issue 25's round 18 spent about 26 s of the event loop on
    // its text version and then failed with a 500.
    const body = `${'<i>'.repeat(150_000)}${'</b>'.repeat(100_000)}<p>Hello</p>`;
    const started = performance.now();
    const [attack, victims] = await Promise.all([
      h.send(attacker.userId, { to: ['a@example.net'], subject: 'Tags', body }),
      Promise.all(
        Array.from({ length: 4 }, (_, i) => h.send(victim.userId, { to: [`v${i}@example.net`], subject: 'Hi', body: 'b' })),
      ),
    ]);
    const elapsedMs = performance.now() - started;
    expect(attack.statusCode, attack.body).toBe(201);
    expect(victims.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    // Generous for a loaded machine; the quadratic walk alone took 26 s.
    expect(elapsedMs).toBeLessThan(8_000);
    const { rows } = await h.pool.query<{ text: string }>('SELECT text FROM mail.emails WHERE id = $1', [attack.json().data.id]);
    expect(rows[0]?.text).toBe('Hello');
  });

  it('refuses vertical tabs, form feeds and other control characters in a subject with a 400 naming it', async () => {
    const { userId } = h.newUser();
    for (const subject of ['a\vb', 'a\fb', 'a\u0007b', 'a\u001bb', 'a\u007fb']) {
      const response = await h.send(userId, { to: ['x@example.net'], subject, body: 'b' });
      expect(response.statusCode, JSON.stringify(subject)).toBe(400);
      expect(response.json().message).toBe('subject must not contain control characters');
    }
    const templateId = randomUUID();
    h.services.templates.set(templateId, { userId, subject: 'Hi {{name}}', body: 'Body' });
    const viaVariable = await h.send(userId, { to: ['x@example.net'], templateId, variables: { name: 'a\vb' } });
    expect(viaVariable.statusCode).toBe(400);
    expect(viaVariable.json().message).toBe('subject must not contain control characters');
    const tab = await h.send(userId, { to: ['x@example.net'], subject: 'tab\tis fine', body: 'b' });
    expect(tab.statusCode).toBe(201);
  });

  it('answers date filters outside Postgres’ range or not real dates, and numbers that are not plain decimals, with a 400', async () => {
    const { userId } = h.newUser();
    for (const path of ['/emails', '/emails/analytics/stats']) {
      for (const query of ['from=-010000-01-01', 'from=2024-02-30', 'to=275760-09-14', 'to=%2B275760-09-13', 'from=0000-01-01']) {
        const response = await h.get(userId, `${path}?${query}`);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json().message).toMatch(/^(from|to) must be a real date/);
      }
      expect((await h.get(userId, `${path}?from=2024-02-29&to=2024-03-01T10:00:00Z`)).statusCode).toBe(200);
    }
    // Numbers are read as plain decimals only: hex, exponents and fractions for integers are the caller's 400.
    for (const query of ['page=0x10', 'page=1e400', 'limit=1.5', 'limit=%2010', 'page=Infinity']) {
      const response = await h.get(userId, `/emails?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toMatch(/^(page|limit) must be integer/);
    }
    {
      const response = await h.get(userId, '/emails?page=2&limit=5');
      expect(response.json().pagination).toMatchObject({ page: 2, limit: 5 });
    }
    for (const scheduledAt of [
      '-010000-01-01T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      '2027-02-30T10:00:00Z',
      '2027-01-01T24:00',
    ]) {
      const response = await h.send(userId, { to: ['x@example.net'], subject: 's', body: 'b', scheduledAt });
      expect(response.statusCode, scheduledAt).toBe(400);
    }
  });
});
