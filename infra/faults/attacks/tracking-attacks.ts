// Attacks on mail tracking through the gateway: replaying an open pixel and a click link to amplify event
// rows and webhooks (the cap: the first hit, then at most one a minute and 100 per email pixel and per link),
// and steering the click redirect anywhere but a link stored for the token's own email (tokens of another
// email, link indexes out of range, tampered tokens, stored links that are not http(s)).
import { afterAll, describe, expect, it } from 'vitest';
import { TrackingTokens } from '../../../services/mail/src/tracking/tracking-token';
import { mapLimit, uniqueEmail, waitFor } from '../support/client';
import { attackContext, expectNoNewProblems, tally } from './attack-context';

const REPLAY = 'tracking replay';
const REDIRECT = 'click redirect';
const TRACKING_URL = /\/t\/([oc])\/([A-Za-z0-9_-]{40})/g;

interface SentEmail {
  id: string;
  openToken: string;
  clickTokens: string[];
  html: string;
}

/** Sends an HTML email as `token`'s user to a fresh sink address and reads the tracking URLs it was delivered with. */
async function sendTracked(token: string, body: string): Promise<SentEmail> {
  const { client, fs } = attackContext();
  const to = uniqueEmail('tracked', 'sink.test');
  const sent = await client.call<{ data: { _id: string } }>('/api/emails/send', {
    token,
    body: { to: [to], subject: 'Links', body },
  });
  expect(sent.status, sent.text).toBe(201);
  const mail = await waitFor(`the email to ${to}`, () => fs.sink.messages.find((m) => m.envelopeTo.includes(to)));
  const found = [...mail.html.matchAll(TRACKING_URL)];
  const openToken = found.find((m) => m[1] === 'o')?.[2];
  if (!openToken) throw new Error(`no open pixel in ${mail.html.slice(0, 300)}`);
  const clickTokens = found.filter((m) => m[1] === 'c').map((m) => m[2] as string);
  return { id: sent.body.data._id, openToken, clickTokens, html: mail.html };
}

async function countRows(sql: string, emailId: string): Promise<number> {
  const { rows } = await attackContext().fs.db.query<{ n: number }>(sql, [emailId]);
  return rows[0]?.n ?? 0;
}
const eventRows = (emailId: string) => countRows('select count(*)::int as n from mail.email_events where email_id = $1', emailId);
const webhookRows = (emailId: string) =>
  countRows(
    "select count(*)::int as n from mail.webhook_deliveries where email_id = $1 and event in ('email.opened', 'email.clicked')",
    emailId,
  );

export function describeAttacks(): void {
  describe('tracking', () => {
    let restoreEvents: (() => Promise<unknown>) | undefined;
    afterAll(async () => {
      await restoreEvents?.();
    });

    it('records a replayed open pixel and click link once, with one webhook each', async () => {
      await expectNoNewProblems(async () => {
        const { client, alice, a } = attackContext();
        // Alice's endpoint also takes opens and clicks, so every recorded hit would become a delivery row.
        const subscribe = (events: string[]) =>
          client.call(`/api/webhooks/${a.webhookId}`, { method: 'PATCH', token: alice.token, body: { events } });
        expect((await subscribe(['email.sent', 'email.opened', 'email.clicked'])).status).toBe(200);
        restoreEvents = () => subscribe(['email.sent']);

        const target = await sendTracked(
          alice.token,
          '<p><a href="https://example.com/one">one</a> <a href=https://example.com/two>two</a></p>',
        );
        const sentinel = await sendTracked(alice.token, '<p>sentinel</p>');
        expect(target.clickTokens).toHaveLength(2);

        await mapLimit(Array.from({ length: 150 }), 15, async () => {
          const pixel = await client.call(`/t/o/${target.openToken}.gif`);
          tally(REPLAY, pixel.status === 200, pixel.status, 'a replayed pixel was not answered');
        });
        await mapLimit(Array.from({ length: 60 }), 15, async () => {
          const click = await client.call(`/t/c/${target.clickTokens[0]}`);
          const location = click.headers.get('location');
          tally(
            REPLAY,
            click.status === 302 && location === 'https://example.com/one',
            click.status,
            `replayed click → ${location}`,
          );
        });
        // Hits travel first in, first out (gateway relay, mail buffer, tracking queue, webhook batcher): once the
        // sentinel's open, sent after every replay, has its webhook, the replays have been processed.
        expect((await client.call(`/t/o/${sentinel.openToken}.gif`)).status).toBe(200);
        await waitFor(
          'the sentinel open and its webhook',
          async () => ((await webhookRows(sentinel.id)) > 0 ? true : undefined),
          30_000,
        );
        const events = await eventRows(target.id);
        const webhooks = await webhookRows(target.id);
        tally(REPLAY, events === 2, 200, `150 pixel and 60 click replays left ${events} event rows (want 2)`);
        tally(REPLAY, webhooks === 2, 200, `150 pixel and 60 click replays left ${webhooks} webhook deliveries (want 2)`);
        const log = await client.call<{ data: { analytics: { opened: boolean; clicked: boolean } } }>(
          `/api/emails/${target.id}`,
          {
            token: alice.token,
          },
        );
        expect(log.body.data.analytics).toMatchObject({ opened: true, clicked: true });
      });
    });

    it("redirects a click only to a link stored for the token's own email", async () => {
      await expectNoNewProblems(async () => {
        const { client, fs, alice, bob } = attackContext();
        const tokens = new TrackingTokens(fs.stack.env.TRACKING_SECRET as string);
        const victim = await sendTracked(alice.token, '<p><a href="https://alice.example/private">private</a></p>');
        const attacker = await sendTracked(
          bob.token,
          '<p><a href="https://bob.example/0">0</a> <a href="https://bob.example/1">1</a></p>',
        );
        const refused = async (token: string, what: string) => {
          const response = await client.call(`/t/c/${token}`);
          const location = response.headers.get('location');
          tally(REDIRECT, response.status === 404 && location === null, response.status, `${what} → ${location}`);
        };
        // Bob's own genuine tokens lead to Bob's links and nowhere else.
        for (const [index, token] of attacker.clickTokens.entries()) {
          const response = await client.call(`/t/c/${token}`);
          const location = response.headers.get('location');
          tally(REDIRECT, location === `https://bob.example/${index}`, response.status, `bob's link ${index} → ${location}`);
        }
        const tampered = Buffer.from(attacker.clickTokens[0] as string, 'base64url');
        tampered.set(Buffer.from(victim.id.replaceAll('-', ''), 'hex'), 0);
        await refused(tampered.toString('base64url'), "bob's token re-pointed at alice's email");
        const reindexed = Buffer.from(victim.clickTokens[0] as string, 'base64url');
        reindexed.writeUInt16BE(1, 16);
        await refused(reindexed.toString('base64url'), "alice's token with another link index");
        await refused(tokens.clickToken(victim.id, 1), 'a signed token whose link index is out of range');
        await refused(tokens.clickToken(victim.id, 0xfffe), 'a signed token with the largest link index');
        await refused(victim.openToken, 'the open pixel token as a click');
        await refused(new TrackingTokens('guessed-secret').clickToken(victim.id, 0), 'a token signed with a guessed secret');

        // Rows written by older code could hold anything: the redirect checks the stored link again.
        await fs.db.query('update mail.emails set links = $2 where id = $1', [
          attacker.id,
          ['javascript:alert(document.cookie)', 'https://bob.example/x\r\nSet-Cookie: session=evil'],
        ]);
        await refused(attacker.clickTokens[0] as string, 'a stored javascript: link');
        const split = await client.call(`/t/c/${attacker.clickTokens[1]}`);
        tally(
          REDIRECT,
          split.status === 302 &&
            !/[\r\n]/.test(split.headers.get('location') ?? '') &&
            split.headers.getSetCookie().length === 0,
          split.status,
          `a stored link with CR/LF → ${split.headers.get('location')}`,
        );
      });
    });

    it('rewrites only followable links: not javascript:, data-href, commented-out or attribute text', async () => {
      await expectNoNewProblems(async () => {
        const { alice } = attackContext();
        const commented = '<!-- <a href="https://old.example/">old</a> -->';
        const sent = await sendTracked(
          alice.token,
          `<p><a href="javascript:alert(1)">j</a><a data-href="https://data.example/" title="href=https://title.example/">d</a>${commented}<a href=https://real.example/>r</a></p>`,
        );
        const kept = [
          'href="javascript:alert(1)"',
          'data-href="https://data.example/"',
          'title="href=https://title.example/"',
          commented,
        ];
        for (const text of kept) tally(REDIRECT, sent.html.includes(text), 200, `the delivered HTML lost ${text}`);
        tally(REDIRECT, sent.clickTokens.length === 1, 200, `${sent.clickTokens.length} links tracked (want 1)`);
        tally(REDIRECT, !sent.html.includes('real.example'), 200, 'the unquoted href was not tracked');
      });
    });
  });
}
