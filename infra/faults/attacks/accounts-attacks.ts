// Attacks on sender connections through the gateway: a Gmail connect link minted by the attacker and
// opened in the victim's browser (connect CSRF), and an SMTP edit that would send the stored password to
// a server of the editor's choosing. Accounts runs here with Google played by a local OpenID server and
// private SMTP targets allowed (the capture server listens on loopback); both are put back afterwards.
import { SmtpPeer } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_PERSON, GoogleStandIn } from '../../e2e/support/oauth-stand-in';
import { signUpVerified, type User } from '../support/client';
import { attackContext, expectNoNewProblems, tally } from './attack-context';

const CONNECT = 'connect CSRF (Gmail)';
const SMTP_PASSWORD = 'stored SMTP password';

/** `name=value` of every cookie a response sets (an empty value clears it). */
function cookiesSet(response: Response): Map<string, string> {
  return new Map(
    response.headers.getSetCookie().map((line) => {
      const pair = line.split(';', 1)[0] ?? '';
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    }),
  );
}

const cookieHeader = (cookies: Map<string, string>) =>
  [...cookies]
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

export function describeAttacks(): void {
  describe('accounts', () => {
    const google = new GoogleStandIn();

    beforeAll(async () => {
      await google.start();
      await attackContext().fs.stack.restart('accounts', { env: { ...google.env(), ALLOW_PRIVATE_TARGETS: 'true' } });
    }, 120_000);

    afterAll(async () => {
      await attackContext().fs.stack.restart('accounts', { env: {} });
      await google.stop();
    }, 120_000);

    /** A browser of its own: keeps the cookies the gateway sets, sends them back, follows no redirect. */
    function browser() {
      const { fs } = attackContext();
      const jar = new Map<string, string>();
      return {
        jar,
        async open(url: string, init: RequestInit = {}): Promise<Response> {
          const absolute = url.startsWith('http') ? url : `${fs.gatewayUrl}${url}`;
          const headers = new Headers(init.headers);
          if (absolute.startsWith(fs.gatewayUrl) && jar.size) headers.set('cookie', cookieHeader(jar));
          const response = await fetch(absolute, { ...init, headers, redirect: 'manual' });
          if (absolute.startsWith(fs.gatewayUrl)) for (const [name, value] of cookiesSet(response)) jar.set(name, value);
          return response;
        },
      };
    }

    /** Follows a start URL through the provider back to the gateway's callback; answers the final location. */
    async function roundTrip(tab: ReturnType<typeof browser>, startUrl: string): Promise<{ start: Response; landed?: URL }> {
      const start = await tab.open(startUrl);
      const authorize = start.headers.get('location') ?? '';
      if (!authorize.startsWith(google.env().GOOGLE_AUTH_URL ?? 'the provider')) return { start };
      const approved = await fetch(authorize, { redirect: 'manual' });
      const callback = new URL(approved.headers.get('location') ?? '');
      const back = await tab.open(`${callback.pathname}${callback.search}`);
      return { start, landed: new URL(back.headers.get('location') ?? '', attackContext().fs.gatewayUrl) };
    }

    async function gmailMailboxesOf(user: User): Promise<string[]> {
      const { client } = attackContext();
      const list = await client.call<{ data: Array<{ provider: string; email: string }> }>('/api/email-accounts', {
        token: user.token,
      });
      return list.body.data.filter((account) => account.provider === 'gmail').map((account) => account.email);
    }

    async function mintTicket(tab: ReturnType<typeof browser>, user: User): Promise<string> {
      const ticket = await tab.open('/api/email-accounts/connect-ticket', {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ provider: 'gmail' }),
      });
      expect(ticket.status).toBe(200);
      return ((await ticket.json()) as { data: { url: string } }).data.url;
    }

    it("never connects a victim's mailbox to the account of whoever minted the start link", async () => {
      await expectNoNewProblems(async () => {
        const { client, fs, bob } = attackContext();
        const victim = await signUpVerified(client, fs.sink, 'connect-victim', { fromHost: '127.0.0.80' });
        const attackerTab = browser();
        const link = await mintTicket(attackerTab, bob);
        const ticketValue = attackerTab.jar.get('mw_connect_gmail') ?? '';
        // The victim's browser opens what the attacker sent: the link, or the link with the ticket spelled out.
        for (const url of [link, `${link}${link.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticketValue)}`]) {
          const { start, landed } = await roundTrip(browser(), url);
          const refused = !landed && (start.headers.get('location') ?? '').includes('/email-accounts?error=');
          tally(CONNECT, refused, start.status, `victim's browser followed ${url} → ${landed ?? start.headers.get('location')}`);
        }
        const stolen = await gmailMailboxesOf(bob);
        tally(CONNECT, !stolen.includes(GOOGLE_PERSON.email), 200, `the attacker's account holds ${stolen.join(', ')}`);

        // The victim's own click works and says which mailbox joined which account: the refusals are about the browser.
        const victimTab = browser();
        const own = await roundTrip(victimTab, await mintTicket(victimTab, victim));
        expect(own.landed?.pathname).toBe('/email-accounts');
        expect(own.landed?.searchParams.get('success')).toBe('gmail_connected');
        expect(own.landed?.searchParams.get('mailbox')).toBe(GOOGLE_PERSON.email);
        expect(await gmailMailboxesOf(victim)).toEqual([GOOGLE_PERSON.email]);
      });
    });

    it('never verifies the stored SMTP password against a host, port or username the editor just typed', async () => {
      await expectNoNewProblems(async () => {
        const { client, fs, alice, a, secrets } = attackContext();
        // No user can log in to the trap; it keeps every password it was offered.
        const trap = new SmtpPeer({ users: {}, authRequired: true, content: 'count' });
        await trap.start();
        const offered = () => trap.attempts.map((attempt) => attempt.password);
        try {
          const edits: Array<[string, Record<string, unknown>]> = [
            ['another host and port', { host: 'localhost', port: trap.port, username: 'sender' }],
            ['another port', { host: '127.0.0.1', port: trap.port, username: 'sender' }],
            ['another username', { host: '127.0.0.1', port: fs.sink.smtpPort, username: 'attacker' }],
          ];
          for (const [label, target] of edits) {
            for (const password of [undefined, '']) {
              const response = await client.call<{ message?: string }>(`/api/email-accounts/${a.accountId}`, {
                method: 'PUT',
                token: alice.token,
                body: { displayName: 'Fault Sender', secure: false, ...target, ...(password === undefined ? {} : { password }) },
              });
              const asked =
                response.status === 400 &&
                response.body.message === 'Enter the password again to change the host, port or username';
              tally(
                SMTP_PASSWORD,
                asked,
                response.status,
                `${label}, password ${JSON.stringify(password)}: ${response.text.slice(0, 120)}`,
              );
            }
          }
          const leaked = offered().filter((password) => secrets.has(password));
          tally(
            SMTP_PASSWORD,
            offered().length === 0,
            200,
            `the trap was offered ${leaked.length ? 'the stored password' : offered().length}`,
          );
          // The account still sends through the sink with the stored password (a same-target edit keeps it).
          const same = await client.call(`/api/email-accounts/${a.accountId}`, {
            method: 'PUT',
            token: alice.token,
            body: { displayName: 'Fault Sender', host: '127.0.0.1', port: fs.sink.smtpPort, secure: false, username: 'sender' },
          });
          expect(same.status).toBe(200);
        } finally {
          await trap.stop();
        }
      });
    });
  });
}
