// Attacks on mail intake and delivery through the gateway: one tenant's SMTP server that trickles its replies
// (a tarpit) must not delay another tenant's email; an SMTP host name that resolves inside once saved (DNS
// rebinding) must not be connected to; one tenant's unstorable text must not fail another tenant's sends; dates
// and subjects Postgres or a mail header cannot take are a 400; attachment URLs are not fetched before the quota
// check nor all at once; the webhook-endpoint limit holds under concurrent creates. Mail runs here with private
// targets allowed (the sink, tarpit and file server listen on loopback); the worker is switched to refuse them for
// the rebinding attack only. Both are put back afterwards.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TarpitSmtp } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapLimit, signUpVerified, uniqueEmail, upgrade, waitFor } from '../support/client';
import { attackContext, expectNoNewProblems, tally } from './attack-context';

const TARPIT = 'tarpit SMTP server';
const REBINDING = 'SMTP DNS rebinding';
const UNSTORABLE = 'unstorable text';
const BAD_INPUT = 'bad dates and subjects';
const DOWNLOADS = 'attachment amplification';
const WEBHOOK_LIMIT = 'webhook limit race';
const WORKER = 'mail-worker-1';

/** A copy of an SMTP account row with other connection settings (a saved account whose server changed later). */
async function copyAccount(
  sourceId: string,
  changes: { smtp_host?: string; smtp_port: number; user_id?: string; is_default?: boolean },
): Promise<string> {
  const { fs } = attackContext();
  const { rows } = await fs.db.query<{ id: string }>(
    `insert into accounts.email_accounts
     select (jsonb_populate_record(null::accounts.email_accounts,
       to_jsonb(a) || jsonb_build_object('id', gen_random_uuid(), 'is_default', false, 'email', $2::text) || $3::jsonb)).*
     from accounts.email_accounts a where a.id = $1
     returning id`,
    [sourceId, uniqueEmail('copied-sender'), JSON.stringify(changes)],
  );
  if (!rows[0]) throw new Error(`no account ${sourceId} to copy`);
  return rows[0].id;
}

async function accountOf(userId: string): Promise<string> {
  const { rows } = await attackContext().fs.db.query<{ id: string }>(
    "select id from accounts.email_accounts where user_id = $1 and provider = 'smtp' order by created_at limit 1",
    [userId],
  );
  if (!rows[0]) throw new Error(`user ${userId} has no SMTP account`);
  return rows[0].id;
}

/** A JSON body holding escapes JSON.stringify would never write (a lone surrogate stays an escape). */
const rawJson = (fields: Record<string, string>) =>
  `{${Object.entries(fields)
    .map(([key, value]) => `"${key}":${value}`)
    .join(',')}}`;

/** Serves /<bytes> after a short delay and counts requests, and how many were open at once. */
async function startFileServer(): Promise<{ url: string; started: number; peak: number; close(): Promise<void> }> {
  const counts = { url: '', started: 0, peak: 0, open: 0 };
  const server: Server = createServer((req, res) => {
    counts.started += 1;
    counts.open += 1;
    counts.peak = Math.max(counts.peak, counts.open);
    res.on('close', () => {
      counts.open -= 1;
    });
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.alloc(Number(req.url?.slice(1)) || 1_000));
    }, 50);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  counts.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(counts, { close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
}

export function describeAttacks(): void {
  describe('delivery', () => {
    beforeAll(async () => {
      await attackContext().fs.stack.restart('mail', { env: { ALLOW_PRIVATE_TARGETS: 'true' } });
    }, 120_000);

    afterAll(async () => {
      await attackContext().fs.stack.restart('mail', { env: {} });
    }, 120_000);

    it("delivers another tenant's email within 2 s while one tenant's SMTP server trickles its replies", async () => {
      const { fs, client, alice, bob } = attackContext();
      const tarpit = new TarpitSmtp(1_000);
      await tarpit.start();
      const tarpitAccount = await copyAccount(await accountOf(bob.userId), { smtp_port: tarpit.port });
      try {
        await expectNoNewProblems(async () => {
          // More than the worker's 100 slots: before the fix every slot waited on the tarpit.
          const queued = await mapLimit(
            Array.from({ length: 150 }, (_, i) => i),
            20,
            (i) =>
              client.call('/api/emails/send', {
                token: bob.token,
                body: { to: [`tarpit${i}@sink.test`], subject: `T${i}`, body: 'slow', emailAccountId: tarpitAccount },
              }),
          );
          expect(queued.every((response) => response.status === 201)).toBe(true);
          await waitFor('the tarpit holding connections', () => (tarpit.connections >= 5 ? true : undefined), 20_000);
          for (let round = 0; round < 3; round++) {
            const recipient = uniqueEmail(`victim${round}`, 'sink.test');
            const started = Date.now();
            const sent = await client.call('/api/emails/send', {
              token: alice.token,
              body: { to: [recipient], subject: 'Must arrive', body: 'on time' },
            });
            const arrived = await waitFor(
              `alice's email ${round}`,
              () => (fs.sink.messages.some((m) => m.envelopeTo.includes(recipient)) ? Date.now() : undefined),
              15_000,
            ).catch(() => Number.POSITIVE_INFINITY);
            const tookMs = arrived - started;
            tally(
              TARPIT,
              sent.status === 201 && tookMs < 2_000,
              sent.status,
              `alice's email took ${tookMs} ms behind bob's tarpit`,
            );
          }
          // Bob's own emails are held back, not failed: a slow server is a reason to wait, not to give up.
          const { rows } = await fs.db.query<{ n: number }>(
            "select count(*)::int as n from mail.emails where email_account_id = $1 and status = 'failed'",
            [tarpitAccount],
          );
          tally(TARPIT, rows[0]?.n === 0, 201, `${rows[0]?.n} of bob's tarpit emails failed within seconds`);
        });
      } finally {
        // The rest of the suite should not run beside 150 emails cycling through a tarpit.
        await fs.db.query(
          "update mail.emails set status = 'cancelled' where email_account_id = $1 and status in ('queued', 'scheduled')",
          [tarpitAccount],
        );
        await tarpit.stop();
      }
    }, 120_000);

    it('never connects to an SMTP host whose name resolves to a loopback address at send time', async () => {
      const { fs, client, alice } = attackContext();
      // 'localhost' stands for a name that resolved to a public address when the account was saved and now
      // resolves inside (DNS rebinding): the worker must check the address it connects to, not trust the save.
      const rebound = await copyAccount(await accountOf(alice.userId), { smtp_host: 'localhost', smtp_port: fs.sink.smtpPort });
      await fs.stack.restart(WORKER, { env: { ALLOW_PRIVATE_TARGETS: 'false' } });
      try {
        await expectNoNewProblems(async () => {
          const recipient = uniqueEmail('rebound', 'sink.test');
          const sent = await client.call<{ data: { _id: string } }>('/api/emails/send', {
            token: alice.token,
            body: { to: [recipient], subject: 'Rebinding', body: 'b', emailAccountId: rebound },
          });
          expect(sent.status).toBe(201);
          const outcome = await waitFor(
            'the rebound email to be settled',
            async () => {
              const email = await client.call<{ data: { status: string; error: string | null } }>(
                `/api/emails/${sent.body.data._id}`,
                { token: alice.token },
              );
              return ['failed', 'sent'].includes(email.body.data.status) ? email.body.data : undefined;
            },
            30_000,
          );
          const delivered = fs.sink.messages.some((m) => m.envelopeTo.includes(recipient));
          tally(REBINDING, !delivered && outcome.status === 'failed', 201, `status ${outcome.status}, delivered ${delivered}`);
          tally(REBINDING, /private or loopback/.test(outcome.error ?? ''), 201, `error shown: ${outcome.error}`);
        });
      } finally {
        await fs.stack.restart(WORKER, { env: {} });
      }
    }, 120_000);

    it("answers one tenant's unstorable text with its own 400 while another tenant's concurrent sends succeed", async () => {
      await expectNoNewProblems(async () => {
        const { client, alice, bob } = attackContext();
        const poisoned = [
          ['subject', rawJson({ to: '["p@sink.test"]', subject: '"lone \\ud800"', body: '"b"' })],
          ['body', rawJson({ to: '["p@sink.test"]', subject: '"s"', body: '"nul \\u0000 in the body"' })],
          ['body', rawJson({ to: '["p@sink.test"]', subject: '"s"', body: '"low \\udc00 half"' })],
        ] as const;
        const attempts = Array.from({ length: 30 }, (_, i) => i);
        await mapLimit(attempts, 30, async (i) => {
          if (i % 2 === 0) {
            const response = await client.call('/api/emails/send', {
              token: alice.token,
              body: { to: [uniqueEmail('fine', 'sink.test')], subject: `Fine ${i}`, body: 'b' },
            });
            tally(UNSTORABLE, response.status === 201, response.status, `alice's send ${i} beside bob's poison`);
            return;
          }
          const [field, rawBody] = poisoned[i % poisoned.length] as (typeof poisoned)[number];
          const response = await client.call<{ message?: string }>('/api/emails/send', { token: bob.token, rawBody });
          tally(
            UNSTORABLE,
            response.status === 400 && (response.body.message ?? '').startsWith(field),
            response.status,
            `bob's ${field} with unstorable text: ${response.text.slice(0, 120)}`,
          );
        });
      });
    });

    it('answers dates out of range or not real, and control characters in a subject, with a 400', async () => {
      await expectNoNewProblems(async () => {
        const { client, bob } = attackContext();
        for (const path of ['/api/emails', '/api/emails/analytics/stats']) {
          for (const query of [
            'from=-010000-01-01',
            'from=2024-02-30',
            'to=275760-09-14',
            'to=%2B275760-09-13',
            'from=0000-01-01',
          ]) {
            const response = await client.call<{ message?: string }>(`${path}?${query}`, { token: bob.token });
            tally(BAD_INPUT, response.status === 400 && Boolean(response.body.message), response.status, `${path}?${query}`);
          }
        }
        for (const scheduledAt of ['-010000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '2027-02-30T10:00:00Z']) {
          const response = await client.call('/api/emails/send', {
            token: bob.token,
            body: { to: ['x@sink.test'], subject: 's', body: 'b', scheduledAt },
          });
          tally(BAD_INPUT, response.status === 400, response.status, `scheduledAt ${scheduledAt}`);
        }
        for (const subject of ['vertical\vtab', 'form\ffeed', 'bell\u0007', 'escape\u001b[31m']) {
          const response = await client.call<{ message?: string }>('/api/emails/send', {
            token: bob.token,
            body: { to: ['x@sink.test'], subject, body: 'b' },
          });
          tally(
            BAD_INPUT,
            response.status === 400 && /subject/.test(response.body.message ?? ''),
            response.status,
            `subject ${JSON.stringify(subject)}`,
          );
        }
      });
    });

    it('checks the quota before fetching attachment URLs and never fetches a batch’s URLs all at once', async () => {
      const files = await startFileServer();
      try {
        await expectNoNewProblems(async () => {
          const { fs, client, bob } = attackContext();
          const carol = await signUpVerified(client, fs.sink, 'carol-delivery', { fromHost: '127.0.0.70' });
          await upgrade(client, fs, carol.token, 'pro');
          // Accounts refuses loopback SMTP hosts by now; carol gets a copy of bob's sink account instead.
          await copyAccount(await accountOf(bob.userId), {
            smtp_port: fs.sink.smtpPort,
            user_id: carol.userId,
            is_default: true,
          });
          const key = await client.call<{ data: { key: string } }>('/api/api-keys', { token: carol.token, body: { name: 'c' } });
          attackContext().secrets.add(key.body.data.key).add(carol.password).add(carol.token);
          const batch = (count: number, bytes: number) =>
            client.call<{ accepted?: number }>('/api/emails/api/batch', {
              apiKey: key.body.data.key,
              body: {
                emails: Array.from({ length: count }, (_, i) => ({
                  to: [`file${i}@sink.test`],
                  subject: 'File',
                  body: 'b',
                  attachments: [{ filename: 'f.bin', url: `${files.url}/${bytes}` }],
                })),
              },
            });
          const concurrent = await batch(20, 1_000);
          tally(DOWNLOADS, concurrent.body.accepted === 20, concurrent.status, `batch of 20: ${concurrent.text.slice(0, 120)}`);
          tally(DOWNLOADS, files.peak <= 2, concurrent.status, `one batch fetched ${files.peak} URLs at once`);

          await fs.db.query(
            `insert into mail.quota_usage (user_id, month, used, email_limit)
             values ($1, to_char(now() at time zone 'UTC', 'YYYY-MM'), 9990, 10000)
             on conflict (user_id, month) do update set used = 9990`,
            [carol.userId],
          );
          const fetchedBefore = files.started;
          const overQuota = await batch(100, 100_000);
          tally(DOWNLOADS, overQuota.status === 429, overQuota.status, 'batch past the quota');
          tally(
            DOWNLOADS,
            files.started === fetchedBefore,
            overQuota.status,
            `${files.started - fetchedBefore} URLs fetched for a batch past the quota`,
          );
        });
      } finally {
        await files.close();
      }
    }, 120_000);

    it('registers no more webhook endpoints than the limit from 30 concurrent creates', async () => {
      await expectNoNewProblems(async () => {
        const { client, bob } = attackContext();
        const responses = await mapLimit(
          Array.from({ length: 30 }, (_, i) => i),
          30,
          (i) =>
            client.call<{ data: { _id: string } }>('/api/webhooks', {
              token: bob.token,
              body: { url: `http://127.0.0.1:9/race-${i}`, events: ['email.opened'] },
            }),
        );
        const list = await client.call<{ data: Array<{ _id: string }> }>('/api/webhooks', { token: bob.token });
        tally(WEBHOOK_LIMIT, list.body.data.length <= 20, 201, `${list.body.data.length} endpoints registered (limit 20)`);
        for (const response of responses) {
          tally(WEBHOOK_LIMIT, response.status === 201 || response.status === 409, response.status, 'concurrent create');
        }
        for (const endpoint of list.body.data) {
          await client.call(`/api/webhooks/${endpoint._id}`, { method: 'DELETE', token: bob.token });
        }
      });
    });
  });
}
