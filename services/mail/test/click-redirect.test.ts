// The click redirect goes only to a URL stored for the email the token was signed for, and only when that
// URL is http(s): forged, tampered and replayed-elsewhere tokens, out-of-range link indexes, open-pixel
// tokens and stored links that are not followable all answer 404 without a Location.
import { randomUUID } from 'node:crypto';
import type { EmailLog } from '@mailwright/contracts';
import { internalHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackingTokens } from '../src/tracking/tracking-token';
import { Harness } from './support/harness';

const h = new Harness('click-redirect');
let publicHeaders: Record<string, string>;
let tokens: TrackingTokens;
let alice: { userId: string; accountId: string };
let bob: { userId: string; accountId: string };

async function sendWithLinks(userId: string, to: string, links: string[]): Promise<string> {
  const body = `<p>${links.map((link, i) => `<a href="${link}">${i}</a>`).join(' ')}</p>`;
  const response = await h.send(userId, { to: [to], subject: 'Links', body });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: EmailLog }>().data.id;
}

const click = (token: string) => h.app.inject({ method: 'GET', url: `/t/c/${token}`, headers: publicHeaders });

beforeAll(async () => {
  await h.start({ worker: false });
  publicHeaders = await internalHeaders({ kind: 'public' });
  tokens = TrackingTokens.fromConfig(h.config);
  alice = h.newUser();
  bob = h.newUser();
});
afterAll(() => h.stop());

describe('the click redirect', () => {
  it("follows a token only to its own email's stored link", async () => {
    const aliceEmail = await sendWithLinks(alice.userId, 'a@example.net', ['https://alice.example/0', 'https://alice.example/1']);
    const bobEmail = await sendWithLinks(bob.userId, 'b@example.net', ['https://bob.example/0']);
    const own = await click(tokens.clickToken(aliceEmail, 1));
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toBe('https://alice.example/1');
    // Bob's genuine token leads to Bob's link, whatever is tried around it.
    const bobs = await click(tokens.clickToken(bobEmail, 0));
    expect(bobs.headers.location).toBe('https://bob.example/0');
    for (const token of [tokens.clickToken(bobEmail, 1), tokens.clickToken(bobEmail, 0xfffe)]) {
      const outOfRange = await click(token);
      expect(outOfRange.statusCode).toBe(404);
      expect(outOfRange.headers.location).toBeUndefined();
    }
  });

  it('refuses tokens signed with another key, tampered, for unknown emails or for the open pixel', async () => {
    const email = await sendWithLinks(alice.userId, 'c@example.net', ['https://alice.example/only']);
    const genuine = tokens.clickToken(email, 0);
    const otherKey = new TrackingTokens('not-our-secret').clickToken(email, 0);
    // The genuine token re-pointed at another link index: the payload changes, its MAC no longer matches.
    const bytes = Buffer.from(genuine, 'base64url');
    bytes.writeUInt16BE(1, 16);
    const tampered = bytes.toString('base64url');
    const attempts = [
      otherKey,
      tampered,
      tokens.clickToken(randomUUID(), 0),
      tokens.openToken(email),
      `${genuine.slice(0, -2)}AA`,
    ];
    for (const token of attempts) {
      const response = await click(token);
      expect(response.statusCode, token).toBe(404);
      expect(response.headers.location).toBeUndefined();
    }
    expect((await click(genuine)).headers.location).toBe('https://alice.example/only');
  });

  it('never redirects to a stored link that is not http(s), and never lets a line break into Location', async () => {
    const email = await sendWithLinks(alice.userId, 'd@example.net', ['https://alice.example/a', 'https://alice.example/b']);
    // Rows written before links were parsed as URLs could hold anything; the redirect checks again.
    await h.pool.query('UPDATE mail.emails SET links = $2 WHERE id = $1', [
      email,
      [
        'javascript:alert(document.cookie)',
        'https://alice.example/x\r\nSet-Cookie: session=evil',
        '//evil.example/',
        'data:text/html,x',
      ],
    ]);
    for (const index of [0, 2, 3]) {
      const response = await click(tokens.clickToken(email, index));
      expect(response.statusCode).toBe(404);
      expect(response.headers.location).toBeUndefined();
    }
    const broken = await click(tokens.clickToken(email, 1));
    expect(broken.statusCode).toBe(302);
    expect(broken.headers.location).toBe('https://alice.example/xSet-Cookie:%20session=evil');
    expect(broken.headers['set-cookie']).toBeUndefined();
  });

  it('stores only followable http(s) links of an HTML body', async () => {
    const email = await sendWithLinks(alice.userId, 'e@example.net', [
      'javascript:alert(1)',
      'https://alice.example/&#13;&#10;x',
      '/relative',
      'HTTPS://ALICE.EXAMPLE/Up',
    ]);
    const { rows } = await h.pool.query<{ links: string[] }>('SELECT links FROM mail.emails WHERE id = $1', [email]);
    expect(rows[0]?.links).toEqual(['https://alice.example/x', 'https://alice.example/Up']);
    expect((await click(tokens.clickToken(email, 1))).headers.location).toBe('https://alice.example/Up');
  });
});
