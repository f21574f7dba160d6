// Attacks on sign-in and sessions through the gateway: password guessing spread over many addresses (the
// per-account lock), account enumeration through sign-up, sessions that outlive a password change, reset or
// "log out everywhere", social sign-in that signs a victim's browser into the attacker's account (login CSRF)
// or into someone else's account by an email the provider never verified, a name that smuggles a link into
// the platform's own mails, and a refused API call counted as the key's last use. Google is played by a local
// OpenID server whose userinfo each test sets; identity runs with it only while this file runs.
import { Events, OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, signUpVerified, uniqueEmail, waitFor } from '../support/client';
import { attackContext, expectNoNewProblems, tally } from './attack-context';

const LOCK = 'account lock (spread guessing)';
const ENUMERATION = 'sign-up enumeration';
const SESSIONS = 'sessions after password change';
const LOGIN_CSRF = 'login CSRF (social sign-in)';
const TAKEOVER = 'takeover by unverified email';
const NAME_LINKS = 'links in names (platform mails)';
const KEY_USAGE = 'refused API call as last use';

const LOCK_AFTER = 10;
/** A revoked session must be refused within this (the gateway re-checks within seconds, or at once by Redis). */
const SESSION_END_MS = 5_000;

/** Source addresses of this file (127.0.0.20–39): each sees its own per-IP auth limit of 5 a minute. */
const host = (n: number) => `127.0.0.${20 + n}`;

/** POST /api/auth/login as `who` from the source address `from`. */
const logInAs = (who: { email: string; password: string }, from: string) =>
  attackContext().client.call<{ token: string; message?: string }>('/api/auth/login', {
    body: { email: who.email, password: who.password },
    fromHost: from,
  });

export function describeAttacks(): void {
  describe('identity', () => {
    it('locks password sign-in of an account after 10 failures spread over many addresses, even for the right password', async () => {
      await expectNoNewProblems(async () => {
        const { client, fs, bob } = attackContext();
        const victim = await signUpVerified(client, fs.sink, 'lock-victim', { fromHost: host(0) });
        // Four guesses per address stay under the per-IP limit: only the per-account count can stop them.
        for (let i = 0; i < LOCK_AFTER; i++) {
          const guess = await logInAs({ email: victim.email, password: `guess-${i}` }, host(1 + Math.floor(i / 4)));
          tally(LOCK, guess.status === 401, guess.status, `guess ${i} → ${guess.status}`);
        }
        const right = await logInAs(victim, host(4));
        const locked =
          right.status === 429 &&
          /^Too many failed sign-in attempts for this account\. Try again in \d+ minutes?\.$/.test(right.body.message ?? '');
        tally(LOCK, locked, right.status, `right password after ${LOCK_AFTER} spread failures: ${right.text.slice(0, 120)}`);
        // Another account from the same address is not affected.
        expect((await logInAs(bob, host(4))).status).toBe(200);
      });
    });

    it('answers a sign-up with a taken address exactly like a new one, and mails the owner instead', async () => {
      await expectNoNewProblems(async () => {
        const { client, fs, alice } = attackContext();
        type SignUp = { message: string; user: Record<string, unknown> };
        const taken = await client.call<SignUp>('/api/auth/signup', {
          body: { name: 'Prober', email: alice.email.toUpperCase(), password: 'probe-pass-1' },
          fromHost: host(5),
        });
        const fresh = await client.call<SignUp>('/api/auth/signup', {
          body: { name: 'Prober', email: uniqueEmail('fresh'), password: 'probe-pass-1' },
          fromHost: host(5),
        });
        const shape = (response: ApiResponse<SignUp>) => ({
          status: response.status,
          message: response.body.message,
          keys: Object.keys(response.body.user ?? {}).sort(),
          isVerified: response.body.user?.isVerified,
          hasPassword: response.body.user?.hasPassword,
        });
        tally(
          ENUMERATION,
          JSON.stringify(shape(taken)) === JSON.stringify(shape(fresh)),
          taken.status,
          `taken ${JSON.stringify(shape(taken))} vs new ${JSON.stringify(shape(fresh))}`,
        );
        const leaked = taken.text.includes(alice.userId) || taken.text.includes('alice tester');
        tally(ENUMERATION, !leaked, taken.status, `the answer shows the existing account: ${taken.text.slice(0, 160)}`);
        const notice = await waitFor('the owner notice', () =>
          fs.sink.messages.find(
            (m) => m.envelopeTo.includes(alice.email) && m.subject === 'Someone tried to sign up with your email address',
          ),
        );
        expect(notice.text).toContain('/forgot-password');
        // The owner's password still works (from another address: this one has used its sign-up budget).
        expect((await logInAs(alice, host(6))).status).toBe(200);
      });
    });

    it('ends the other sessions on a password change, and every session on a reset or "log out everywhere"', async () => {
      await expectNoNewProblems(async () => {
        const { client, fs } = attackContext();
        const owner = await signUpVerified(client, fs.sink, 'sessions', { fromHost: host(7) });
        const logIn = async (password: string, from: string) =>
          (await logInAs({ email: owner.email, password }, from)).body.token;
        const isRefused = async (token: string) => (await client.call('/api/auth/me', { token })).status === 401;
        /** Milliseconds until the gateway refuses `token`, or undefined when it still works after SESSION_END_MS. */
        const refusedWithin = async (token: string) => {
          const started = Date.now();
          try {
            await waitFor('the session refused', async () => ((await isRefused(token)) ? true : undefined), SESSION_END_MS);
            return Date.now() - started;
          } catch {
            return undefined;
          }
        };

        // A stolen session (another browser) and the owner's own.
        const stolen = await logIn(owner.password, host(8));
        const changed = await client.call<{ token: string; message: string }>('/api/auth/change-password', {
          method: 'PUT',
          token: owner.token,
          body: { currentPassword: owner.password, newPassword: 'changed-pass-1' },
        });
        expect(changed.status).toBe(200);
        expect(changed.body.message).toBe('Password changed successfully');
        const stolenEnd = await refusedWithin(stolen);
        tally(
          SESSIONS,
          stolenEnd !== undefined,
          stolenEnd === undefined ? 200 : 401,
          `another session still works ${SESSION_END_MS} ms after a password change`,
        );
        const kept = await client.call('/api/auth/me', { token: changed.body.token });
        tally(SESSIONS, kept.status === 200, kept.status, 'the fresh token of the changing browser is refused');

        const everywhere = await client.call('/api/auth/logout-everywhere', { method: 'POST', token: changed.body.token });
        expect(everywhere.status).toBe(204);
        const everywhereEnd = await refusedWithin(changed.body.token);
        tally(
          SESSIONS,
          everywhereEnd !== undefined,
          everywhereEnd === undefined ? 200 : 401,
          'the session still works after log out everywhere',
        );

        const beforeReset = await logIn('changed-pass-1', host(9));
        const forgot = await client.call('/api/auth/forgot-password', { body: { email: owner.email }, fromHost: host(9) });
        expect(forgot.status).toBe(200);
        const mail = await waitFor('the reset mail', () =>
          fs.sink.messages.find((m) => m.envelopeTo.includes(owner.email) && /reset-password\//.test(m.text)),
        );
        const resetToken = mail.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
        const reset = await client.call(`/api/auth/reset-password/${resetToken}`, { body: { password: 'reset-pass-1' } });
        expect(reset.status).toBe(200);
        const resetEnd = await refusedWithin(beforeReset);
        tally(
          SESSIONS,
          resetEnd !== undefined,
          resetEnd === undefined ? 200 : 401,
          'a session from before the reset still works',
        );
      });
    });

    it('throttles guessing the current password on change-password', async () => {
      await expectNoNewProblems(async () => {
        const { client, fs } = attackContext();
        const owner = await signUpVerified(client, fs.sink, 'change-guess', { fromHost: host(10) });
        let last: ApiResponse | undefined;
        for (let i = 0; i < LOCK_AFTER + 2; i++) {
          last = await client.call('/api/auth/change-password', {
            method: 'PUT',
            token: owner.token,
            body: { currentPassword: `guess-${i}`, newPassword: 'never-set-1' },
          });
          tally(LOCK, last.status === 400 || last.status === 429, last.status, `current-password guess ${i}`);
        }
        const right = await client.call('/api/auth/change-password', {
          method: 'PUT',
          token: owner.token,
          body: { currentPassword: owner.password, newPassword: 'never-set-1' },
        });
        tally(LOCK, right.status === 429, right.status, `the right current password after ${LOCK_AFTER + 2} guesses`);
      });
    });

    it('keeps line breaks and links out of the name in the platform mails', async () => {
      await expectNoNewProblems(async () => {
        const { client, fs } = attackContext();
        const email = uniqueEmail('named');
        const signup = await client.call<{ user: { name: string } }>('/api/auth/signup', {
          body: { name: 'Prize\r\nClaim at https://evil.test/win or www.evil.test', email, password: 'named-pass-1' },
          fromHost: host(11),
        });
        expect(signup.status).toBe(201);
        const mail = await waitFor('the verification mail', () => fs.sink.messages.find((m) => m.envelopeTo.includes(email)));
        tally(
          NAME_LINKS,
          !`${mail.text}${mail.html}`.includes('evil.test'),
          signup.status,
          'a link from the name reached the mail',
        );
        const greeting = mail.text.split('\n')[0] ?? '';
        tally(NAME_LINKS, greeting === 'Hi Prize Claim at or,', signup.status, `greeting ${JSON.stringify(greeting)}`);
      });
    });

    it('does not count a refused API call as the key being used', async () => {
      await expectNoNewProblems(async () => {
        const { client, alice } = attackContext();
        const created = await client.call<{ data: { _id: string; key: string } }>('/api/api-keys', {
          token: alice.token,
          body: { name: 'usage' },
        });
        const keyId = created.body.data._id;
        const send = (body: Record<string, unknown>) =>
          client.call('/api/emails/api/send', { apiKey: created.body.data.key, body });
        const valid = () => ({ to: [uniqueEmail('usage', 'sink.test')], subject: 'u', body: 'u' });
        const toggle = () => client.call(`/api/api-keys/${keyId}/toggle`, { method: 'PUT', token: alice.token });
        const lastUsed = async () =>
          (
            await client.call<{ data: Array<{ _id: string; lastUsed: string | null }> }>('/api/api-keys', { token: alice.token })
          ).body.data.find((key) => key._id === keyId)?.lastUsed ?? undefined;

        // Refused by the service (a body it cannot send), then by the gateway (the key disabled).
        const badBody = await send({ to: ['not-an-address'], subject: 'u', body: 'u' });
        expect(badBody.status).toBe(400);
        await toggle();
        const disabled = await waitFor('the disabled key refused', async () => {
          const response = await send(valid());
          return response.status === 401 ? response : undefined;
        });
        await toggle();
        const acceptedFrom = Date.now();
        await waitFor('the enabled key accepted', async () => ((await send(valid())).status === 201 ? true : undefined));
        // The first recorded use is written at once and later ones at most once a minute: had a refused call
        // counted, last used would stay at the refusal, before the accepted call.
        const recorded = await waitFor('last used recorded', lastUsed);
        tally(
          KEY_USAGE,
          Date.parse(recorded) >= acceptedFrom - 1_000,
          disabled.status,
          `last used ${recorded} is before the first accepted call (${new Date(acceptedFrom).toISOString()})`,
        );
      });
    });

    describe('social sign-in (Google and Microsoft played locally)', () => {
      const google = new OAuth2Server();
      const microsoft = new OAuth2Server(undefined, undefined, {
        endpoints: {
          authorize: '/contoso/oauth2/v2.0/authorize',
          token: '/contoso/oauth2/v2.0/token',
          userinfo: '/oidc/userinfo',
        },
      });
      /** What both providers' userinfo answers next. */
      let userinfo: Record<string, unknown> = {};
      const setIdentityEnv = (env: Record<string, string | undefined>) => attackContext().fs.stack.restart('identity', { env });

      beforeAll(async () => {
        for (const server of [google, microsoft]) {
          await server.issuer.keys.generate('RS256');
          await server.start(0, '127.0.0.1');
          server.service.on(Events.BeforeUserinfo, (response) => {
            response.body = userinfo;
          });
        }
        const base = google.issuer.url ?? '';
        await setIdentityEnv({
          GOOGLE_CLIENT_ID: 'attack-google-client',
          GOOGLE_CLIENT_SECRET: 'attack-google-secret',
          GOOGLE_AUTH_URL: `${base}/authorize`,
          GOOGLE_TOKEN_URL: `${base}/token`,
          GOOGLE_USERINFO_URL: `${base}/userinfo`,
          MICROSOFT_CLIENT_ID: 'attack-microsoft-client',
          MICROSOFT_CLIENT_SECRET: 'attack-microsoft-secret',
          MICROSOFT_TENANT: 'contoso',
          MICROSOFT_AUTHORITY_URL: microsoft.issuer.url ?? '',
          MICROSOFT_GRAPH_URL: microsoft.issuer.url ?? '',
        });
      }, 120_000);

      afterAll(async () => {
        await setIdentityEnv({});
        await google.stop();
        await microsoft.stop();
      }, 120_000);

      /** GET /api/auth/<provider> in a browser of its own: the provider's redirect back, and the cookie it was given. */
      async function startInBrowser(
        provider: 'google' | 'microsoft' = 'google',
      ): Promise<{ callbackPath: string; cookie: string }> {
        const { fs } = attackContext();
        const start = await fetch(`${fs.gatewayUrl}/api/auth/${provider}`, { redirect: 'manual' });
        expect(start.status).toBe(302);
        const cookie = (start.headers.getSetCookie()[0] ?? '').split(';', 1)[0] ?? '';
        const approved = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
        const back = new URL(approved.headers.get('location') ?? '');
        return { callbackPath: `${back.pathname}${back.search}`, cookie };
      }

      /** Opens the callback with (or without) a cookie; answers where the web app is sent. */
      async function finishIn(callbackPath: string, cookie: string): Promise<URL> {
        const { fs } = attackContext();
        const response = await fetch(`${fs.gatewayUrl}${callbackPath}`, {
          redirect: 'manual',
          headers: cookie ? { cookie } : {},
        });
        return new URL(response.headers.get('location') ?? '/', fs.gatewayUrl);
      }

      it("never signs a victim's browser in through a sign-in the attacker started, and never puts a token in the address", async () => {
        await expectNoNewProblems(async () => {
          const { client } = attackContext();
          userinfo = { sub: 'attacker-google', email: uniqueEmail('attacker-google'), email_verified: true, name: 'Attacker' };
          const attackers = await startInBrowser();
          // The victim opens the link the attacker sent: no cookie, or the victim's own from another attempt.
          const victimsOwn = (await startInBrowser()).cookie;
          for (const cookie of ['', victimsOwn]) {
            const landed = await finishIn(attackers.callbackPath, cookie);
            const refused = landed.searchParams.get('error') === 'invalid_state' && !landed.searchParams.has('code');
            tally(LOGIN_CSRF, refused, 302, `victim's browser (${cookie ? 'own cookie' : 'no cookie'}) → ${landed}`);
          }

          // The attacker's own browser gets a one-time code (no token) that works once.
          const own = await startInBrowser();
          const landed = await finishIn(own.callbackPath, own.cookie);
          tally(LOGIN_CSRF, !landed.searchParams.has('token'), 302, `a token in the address: ${landed}`);
          const code = landed.searchParams.get('code') ?? '';
          expect(code).not.toBe('');
          const first = await client.call<{ token: string }>('/api/auth/exchange', { body: { code }, fromHost: host(13) });
          expect(first.status).toBe(200);
          const replay = await client.call('/api/auth/exchange', { body: { code }, fromHost: host(13) });
          tally(LOGIN_CSRF, replay.status === 400, replay.status, 'a spent sign-in code worked again');
          const forged = await client.call('/api/auth/exchange', { body: { code: 'A'.repeat(43) }, fromHost: host(13) });
          tally(LOGIN_CSRF, forged.status === 400, forged.status, 'a forged sign-in code');
        });
      });

      it("never signs into or links someone's account by an email the provider has not verified", async () => {
        await expectNoNewProblems(async () => {
          const { alice } = attackContext();
          // An Entra tenant admin can set any email on their own user; Microsoft's userinfo has no email_verified.
          const attempts: Array<['google' | 'microsoft', Record<string, unknown>]> = [
            ['microsoft', {}],
            ['microsoft', { email_verified: true }],
            ['google', {}],
            ['google', { email_verified: false }],
          ];
          for (const [index, [provider, extra]] of attempts.entries()) {
            userinfo = { sub: `takeover-${index}`, email: alice.email, name: 'Not Alice', ...extra };
            const attempt = await startInBrowser(provider);
            const landed = await finishIn(attempt.callbackPath, attempt.cookie);
            tally(
              TAKEOVER,
              !landed.searchParams.has('code') && landed.searchParams.has('error'),
              302,
              `${provider} with an unverified ${alice.email} (${JSON.stringify(extra)}) → ${landed}`,
            );
          }
          const { rows } = await attackContext().fs.db.query<{ n: number }>(
            'select count(*)::int as n from identity.oauth_identities where user_id = $1',
            [alice.userId],
          );
          tally(TAKEOVER, rows[0]?.n === 0, 200, `Alice's account got ${rows[0]?.n} provider links`);
        });
      });
    });
  });
}
