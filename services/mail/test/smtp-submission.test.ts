// SMTP submission's accept path on the mail service (the intake process calls these internal routes): a message is
// stored through the API's accept path and delivered as written, with only the platform's headers and tracking.
import { randomUUID } from 'node:crypto';
import type { AcceptSmtpMessageBody, EmailLog } from '@mailwright/contracts';
import { internalHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readableParts } from '../src/sending/smtp/mime-entities';
import { Harness, waitFor } from './support/harness';

const h = new Harness('smtp-submission');
beforeAll(() => h.start());
afterAll(() => h.stop());

const CRLF = '\r\n';
const image = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
const binary = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

function proUser(plan: 'pro' | 'free' = 'pro') {
  const userId = randomUUID();
  const accountId = randomUUID();
  const sender = `team-${accountId.slice(0, 8)}@acme.example`;
  h.services.addSmtpAccount(userId, accountId, h.smtp.port, sender);
  if (plan === 'pro') h.services.setPlan(userId, plan);
  return { userId, accountId, sender };
}

const inbox = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

interface Draft {
  from: string;
  to: string;
  cc?: string;
  subject?: string;
  extraHeaders?: string[];
  html?: string;
}

/** related(alternative(text, html), inline png) + a binary attachment, as a mail client writes it. */
function message(draft: Draft): string {
  const html =
    draft.html ??
    '<html><body><p>Hello <a href="https://acme.example/offer">offer</a></p><img src="cid:logo@acme"></body></html>';
  return [
    `From: "Ann Acme" <${draft.from}>`,
    `To: ${draft.to}`,
    ...(draft.cc ? [`Cc: ${draft.cc}`] : []),
    `Subject: ${draft.subject ?? '=?UTF-8?B?SMOpbGxvIPCfkYs=?='}`,
    `Message-ID: <${randomUUID()}@client.example>`,
    'X-Mailwright-Track: on',
    ...(draft.extraHeaders ?? []),
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="mix"',
    '',
    '--mix',
    'Content-Type: multipart/related; boundary="rel"',
    '',
    '--rel',
    'Content-Type: multipart/alternative; boundary="alt"',
    '',
    '--alt',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    'Héllo, the offer: https://acme.example/offer',
    '--alt',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    html.replace(/=/g, '=3D'),
    '--alt--',
    '--rel',
    'Content-Type: image/png',
    'Content-ID: <logo@acme>',
    'Content-Disposition: inline; filename="logo.png"',
    'Content-Transfer-Encoding: base64',
    '',
    image.toString('base64'),
    '--rel--',
    '--mix',
    'Content-Type: application/octet-stream; name="data.bin"',
    'Content-Disposition: attachment; filename="data.bin"',
    'Content-Transfer-Encoding: base64',
    '',
    binary.toString('base64'),
    '--mix--',
    '',
  ].join(CRLF);
}

async function submit(userId: string, raw: string, recipients: string[], mailFrom?: string) {
  const body: AcceptSmtpMessageBody = {
    userId,
    apiKeyId: 'key-1',
    mailFrom: mailFrom ?? 'bounce@acme.example',
    recipients,
    raw: Buffer.from(raw, 'utf8').toString('base64'),
    sessionId: 'session-1',
  };
  return h.app.inject({
    method: 'POST',
    url: '/internal/smtp/messages',
    headers: await internalHeaders({ kind: 'service', service: 'smtp-intake' }),
    payload: body,
  });
}

const logOf = async (userId: string, id: string) =>
  (await h.app.inject({ method: 'GET', url: `/emails/${id}`, headers: await userHeaders(userId) })).json<{ data: EmailLog }>()
    .data;

/** The part of a message after the given marker: what must arrive exactly as submitted. */
const after = (text: string, marker: string) => text.slice(text.indexOf(marker));

describe('POST /internal/smtp/messages', () => {
  it('delivers the message as written: attachments and inline images byte for byte, our Message-ID, no Bcc, tracked HTML', async () => {
    const { userId, sender } = proUser();
    const to = inbox('to');
    const cc = inbox('cc');
    const hidden = inbox('hidden');
    const raw = message({ from: sender, to: `Tom <${to}>`, cc, extraHeaders: [`Bcc: ${hidden}`] });
    const response = await submit(userId, raw, [to, cc, hidden]);
    expect(response.statusCode, response.body).toBe(201);
    const { id, status, replayed } = response.json<{ data: { id: string; status: string; replayed: boolean } }>().data;
    expect({ status, replayed }).toEqual({ status: 'queued', replayed: false });

    const delivered = await h.smtp.next((m) => m.envelopeTo.includes(hidden));
    expect(delivered.envelopeTo.sort()).toEqual([to, cc, hidden].sort());
    const sent = (delivered.raw as Buffer).toString('utf8');
    const head = sent.slice(0, sent.indexOf(`${CRLF}${CRLF}`));
    expect(head).toContain(`Message-ID: <${id}@mailwright>`);
    expect(head).toContain(`X-Mailwright-Email-Id: ${id}`);
    expect(head).not.toMatch(/^Bcc:/im);
    expect(head).not.toMatch(/^X-Mailwright-Track:/im);
    expect(head).not.toContain('@client.example');
    expect(head).toContain('Subject: =?UTF-8?B?SMOpbGxvIPCfkYs=?=');
    // From the inline image on, nothing was touched; before it, the text part is as written too.
    expect(after(sent, '--rel\r\nContent-Type: image/png')).toBe(after(raw, '--rel\r\nContent-Type: image/png'));
    expect(sent).toContain('Héllo, the offer: https://acme.example/offer');
    expect(
      delivered.parsed?.attachments.map((a: { filename?: string; content: Buffer }) => [
        a.filename,
        a.content.equals(a.filename === 'logo.png' ? image : binary),
      ]),
    ).toEqual([
      ['logo.png', true],
      ['data.bin', true],
    ]);
    expect(delivered.parsed?.html).toContain('/t/c/');
    expect(delivered.parsed?.html).toContain('/t/o/');
    expect(readableParts(sent).html).toContain('<img src="cid:logo@acme">');

    const log = await logOf(userId, id);
    expect(log).toMatchObject({ to: [to], cc: [cc], bcc: [hidden], subject: 'Héllo 👋', from: sender, fromName: 'Ann Acme' });
    expect(log.body).toContain('<a href="https://acme.example/offer">');
    expect(log.text).toContain('Héllo, the offer');
    await waitFor(async () => (await h.emailStatus(id)) === 'sent');
  });

  it('sends the HTML untouched with X-Mailwright-Track: off', async () => {
    const { userId, sender } = proUser();
    const to = inbox('untracked');
    const raw = message({ from: sender, to, extraHeaders: ['X-Mailwright-Track: off'] }).replace(
      'X-Mailwright-Track: on\r\n',
      '',
    );
    const response = await submit(userId, raw, [to]);
    expect(response.statusCode, response.body).toBe(201);
    const delivered = await h.smtp.next((m) => m.envelopeTo.includes(to));
    const sent = (delivered.raw as Buffer).toString('utf8');
    expect(after(sent, '\r\n\r\n--mix')).toBe(after(raw, '\r\n\r\n--mix'));
    expect(delivered.parsed?.html).not.toContain('/t/c/');
  });

  it('does not send a retried submission twice: same Message-ID replays, the idempotency header too', async () => {
    const { userId, sender } = proUser();
    const to = inbox('retry');
    const raw = message({ from: sender, to });
    const first = await submit(userId, raw, [to]);
    const again = await submit(userId, raw.replace(/^Date:.*$/m, ''), [to]);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    const firstId = first.json<{ data: { id: string } }>().data.id;
    expect(again.json<{ data: { id: string; replayed: boolean } }>().data).toMatchObject({ id: firstId, replayed: true });

    const keyed = (subject: string) =>
      message({ from: sender, to, subject, extraHeaders: ['X-Mailwright-Idempotency-Key: order-42'] });
    expect((await submit(userId, keyed('Order 42'), [to])).statusCode).toBe(201);
    const reused = await submit(userId, keyed('Another order'), [to]);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(h.smtp.to(to).filter((m) => m.parsed.subject === 'Héllo 👋')).toHaveLength(1);
  });

  it('stores one email for concurrent retries, replays a retry at the monthly limit, frees a key after 24 hours', async () => {
    const { userId, sender } = proUser();
    const to = inbox('concurrent');
    const raw = message({ from: sender, to, subject: 'Order 7' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => submit(userId, raw, [to])));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((answer) => answer.json<{ data: { id: string } }>().data.id));
    expect(ids.size).toBe(1);
    const [id] = ids;
    const stored = await h.pool.query('SELECT id FROM mail.emails WHERE user_id = $1', [userId]);
    expect(stored.rows).toEqual([{ id }]);
    const usage = await h.pool.query('SELECT used FROM mail.quota_usage WHERE user_id = $1', [userId]);
    expect(usage.rows).toEqual([{ used: 1 }]);
    await h.smtp.next((m) => m.envelopeTo.includes(to));

    // At the limit, a retry of the stored message still replays it; a new message is refused.
    await h.pool.query('UPDATE mail.quota_usage SET used = email_limit WHERE user_id = $1', [userId]);
    const atLimit = await submit(userId, raw, [to]);
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect(atLimit.json<{ data: { id: string } }>().data.id).toBe(id);
    expect((await submit(userId, message({ from: sender, to }), [to])).statusCode).toBe(429);

    // 24 hours later the same Message-ID is a new message.
    await h.pool.query('UPDATE mail.quota_usage SET used = 1 WHERE user_id = $1', [userId]);
    await h.pool.query(`UPDATE mail.idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = $1`, [userId]);
    const later = await submit(userId, raw, [to]);
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json<{ data: { id: string } }>().data.id).not.toBe(id);
    const keys = await h.pool.query('SELECT email_id FROM mail.idempotency_keys WHERE user_id = $1', [userId]);
    expect(keys.rows).toEqual([{ email_id: later.json<{ data: { id: string } }>().data.id }]);
  });

  it('refuses a From that is not one of the key owner senders, a free plan and a message with no header', async () => {
    const { userId } = proUser();
    const stranger = await submit(userId, message({ from: 'ceo@bank.example', to: inbox('x') }), [inbox('x')]);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toContain('ceo@bank.example is not one of your sender accounts');

    const free = proUser('free');
    const refused = await submit(free.userId, message({ from: free.sender, to: inbox('x') }), [inbox('x')]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'API_ACCESS_REQUIRED' });

    const { userId: other, sender } = proUser();
    const junk = await submit(other, `just some text${CRLF}without headers${CRLF}`, [inbox('x')]);
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toMatch(/^The message could not be read/);
    const noFrom = await submit(other, `Subject: hi${CRLF}To: a@b.example${CRLF}${CRLF}body${CRLF}`, ['a@b.example']);
    expect(noFrom.statusCode).toBe(400);
    expect(noFrom.json().message).toBe('The message has no From header');
    // 1.2 MB of header fields: past the header parser's own 1 MiB it failed as a 500, which the intake answers as
    // "try again later", so the client sent it again and again.
    const hugeHead = message({ from: sender, to: inbox('x') }).replace(CRLF, `${CRLF}${`X-Filler: 1${CRLF}`.repeat(100_000)}`);
    const headTooLarge = await submit(other, hugeHead, [inbox('x')]);
    expect(headTooLarge.statusCode, headTooLarge.body).toBe(400);
    expect(headTooLarge.json().message).toBe('The message could not be read: its header block is larger than 512 KB');
    const rows = await h.pool.query('SELECT 1 FROM mail.emails WHERE user_id = ANY($1::uuid[])', [[userId, free.userId, other]]);
    expect(rows.rowCount).toBe(0);
    expect(sender).toBeTruthy();
  });

  it('answers 429 when the month is used up, and skips suppressed recipients', async () => {
    const { userId, sender } = proUser();
    const gone = inbox('gone');
    const kept = inbox('kept');
    await h.app.inject({ method: 'POST', url: '/suppressions', headers: await userHeaders(userId), payload: { email: gone } });
    const partly = await submit(userId, message({ from: sender, to: `${gone}, ${kept}` }), [gone, kept]);
    expect(partly.statusCode, partly.body).toBe(201);
    const id = partly.json<{ data: { id: string } }>().data.id;
    expect(await logOf(userId, id)).toMatchObject({ to: [kept], suppressed: [gone] });
    const delivered = await h.smtp.next((m) => m.envelopeTo.includes(kept));
    expect(delivered.envelopeTo).toEqual([kept]);

    await h.pool.query(
      `INSERT INTO mail.quota_usage (user_id, month, used, email_limit)
       VALUES ($1, to_char(now() at time zone 'utc', 'YYYY-MM'), 10000, 10000)
       ON CONFLICT (user_id, month) DO UPDATE SET used = excluded.used, email_limit = excluded.email_limit`,
      [userId],
    );
    const over = await submit(userId, message({ from: sender, to: kept }), [kept]);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
  });

  it('sends a pool address through the pool, From set to the account that sends it', async () => {
    const { userId, accountId, sender } = proUser();
    const poolId = randomUUID();
    h.services.pools.set(poolId, { id: poolId, userId, strategy: 'spread', accountIds: [accountId] });
    const to = inbox('pooled');
    const response = await submit(userId, message({ from: `pool+${poolId}@mailwright.local`, to }), [to]);
    expect(response.statusCode, response.body).toBe(201);
    const delivered = await h.smtp.next((m) => m.envelopeTo.includes(to));
    expect(delivered.parsed?.from?.value[0]?.address).toBe(sender);
    expect(delivered.envelopeFrom).toBe(sender);
  });

  it('refuses recipients with control characters (400), and stores nothing', async () => {
    const { userId, sender } = proUser();
    for (const bad of ['a\u0001@x.example', 'a@x.example\u007f', 'a\u0085b@x.example', 'a b@x.example', 'nobody']) {
      const response = await submit(userId, message({ from: sender, to: inbox('x') }), [inbox('x'), bad]);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().message).toBe('Every recipient must be a plain address (local@domain)');
    }
    // A NUL is refused by every body's validation before that.
    const nul = await submit(userId, message({ from: sender, to: inbox('x') }), ['a\u0000b@x.example']);
    expect(nul.statusCode).toBe(400);
    const rows = await h.pool.query('SELECT 1 FROM mail.emails WHERE user_id = $1', [userId]);
    expect(rows.rowCount).toBe(0);
  });
});

describe('POST /internal/smtp/senders', () => {
  it('names the account or pool an address sends as, and refuses anyone else', async () => {
    const { userId, accountId, sender } = proUser();
    const call = async (address: string, owner = userId) =>
      h.app.inject({
        method: 'POST',
        url: '/internal/smtp/senders',
        headers: await internalHeaders({ kind: 'service', service: 'smtp-intake' }),
        payload: { userId: owner, address },
      });
    const found = await call(sender.toUpperCase());
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual({ kind: 'account', id: accountId, email: sender });
    const stranger = await call(sender, randomUUID());
    expect(stranger.statusCode).toBe(404);
    expect((await call(`pool+${randomUUID()}@x.example`)).statusCode).toBe(404);
    for (const bad of [`${sender}\u007f`, `\u0001${sender}`]) {
      const refused = await call(bad);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toContain('is not one of your sender accounts');
    }
    const asUser = await h.app.inject({
      method: 'POST',
      url: '/internal/smtp/senders',
      headers: await userHeaders(userId),
      payload: { userId, address: sender },
    });
    expect(asUser.statusCode).toBe(403);
  });
});
