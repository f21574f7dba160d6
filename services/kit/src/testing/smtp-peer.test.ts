import { connect } from 'node:net';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { SmtpPeer, type SmtpPeerOptions } from './smtp-peer';

const peers: SmtpPeer[] = [];

async function startPeer(options?: SmtpPeerOptions): Promise<SmtpPeer> {
  const peer = new SmtpPeer(options);
  peers.push(peer);
  await peer.start();
  return peer;
}

function send(peer: SmtpPeer, to: string, extra: { auth?: { user: string; pass: string }; requireTLS?: boolean } = {}) {
  const transport = nodemailer.createTransport({
    host: peer.host,
    port: peer.port,
    secure: peer.url.startsWith('smtps'),
    ignoreTLS: !extra.requireTLS && !peer.url.startsWith('smtps'),
    requireTLS: extra.requireTLS ?? false,
    tls: { rejectUnauthorized: false },
    ...(extra.auth ? { auth: extra.auth } : {}),
  });
  return transport
    .sendMail({ from: 'sender@example.test', to, subject: `Hello ${to}`, text: 'Body text' })
    .finally(() => transport.close());
}

afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.stop()));
});

describe('SmtpPeer', () => {
  it('parses what it receives and hands the next matching message to a waiter', async () => {
    const peer = await startPeer();
    const waiting = peer.next((message) => message.envelopeTo.includes('late@example.test'));
    await send(peer, 'early@example.test');
    await send(peer, 'late@example.test');
    const message = await waiting;
    expect(message.parsed?.subject).toBe('Hello late@example.test');
    expect(peer.messages.map((m) => m.parsed.text?.trim())).toEqual(['Body text', 'Body text']);
    expect(peer.to('early@example.test')).toHaveLength(1);
    expect(peer.delivered).toBe(2);
  });

  it('takes a message out of the received list when asked to', async () => {
    const peer = await startPeer();
    await send(peer, 'one@example.test');
    await peer.next((message) => message.envelopeTo.includes('one@example.test'), { take: true });
    expect(peer.received).toHaveLength(0);
  });

  it('only counts in count mode, keeping raw bytes for the recipients asked for', async () => {
    const seen: Array<{ to: string[]; raw: string | undefined }> = [];
    const peer = await startPeer({
      content: 'count',
      keepRawFor: (to) => to.some((address) => address.startsWith('keep')),
      onMessage: (message) => seen.push({ to: message.envelopeTo, raw: message.raw?.toString('utf8') }),
    });
    await send(peer, 'drop@example.test');
    await send(peer, 'keep@example.test');
    expect(peer.delivered).toBe(2);
    expect(peer.received).toHaveLength(0);
    expect(seen[0]?.raw).toBeUndefined();
    expect(seen[1]?.raw).toContain('Subject: Hello keep@example.test');
  });

  it('keeps raw bytes in raw mode', async () => {
    const peer = await startPeer({ content: 'raw' });
    await send(peer, 'raw@example.test');
    expect(peer.received[0]?.raw?.toString('utf8')).toContain('Body text');
    expect(peer.received[0]?.parsed).toBeUndefined();
  });

  it('checks logins against its users and records every attempt', async () => {
    const peer = await startPeer({ users: { ana: 'right' }, authRequired: true });
    await send(peer, 'a@example.test', { auth: { user: 'ana', pass: 'right' } });
    await expect(send(peer, 'b@example.test', { auth: { user: 'ana', pass: 'wrong' } })).rejects.toThrow(/535|Authentication/);
    await expect(send(peer, 'c@example.test')).rejects.toThrow();
    expect(peer.logins).toEqual(['ana']);
    expect(peer.attempts).toEqual([
      { username: 'ana', password: 'right' },
      { username: 'ana', password: 'wrong' },
    ]);
  });

  it('asks a login check function when given one', async () => {
    const peer = await startPeer({ users: (_username, password) => password === 'secret' });
    await send(peer, 'a@example.test', { auth: { user: 'anyone', pass: 'secret' } });
    await expect(send(peer, 'b@example.test', { auth: { user: 'anyone', pass: 'nope' } })).rejects.toThrow(/535|Authentication/);
    expect(peer.logins).toEqual(['anyone']);
  });

  it('answers with the configured error a number of times, at RCPT or DATA', async () => {
    const peer = await startPeer();
    peer.reject('busy', 421, 'Try again later', 1);
    peer.reject('full', 552, 'Mailbox full', -1, 'data');
    await expect(send(peer, 'busy@example.test')).rejects.toMatchObject({ responseCode: 421 });
    await send(peer, 'busy@example.test');
    await expect(send(peer, 'full@example.test')).rejects.toMatchObject({ responseCode: 552 });
    await expect(send(peer, 'full@example.test')).rejects.toMatchObject({ responseCode: 552 });
    expect(peer.to('busy@example.test')).toHaveLength(1);
    expect(peer.to('full@example.test')).toHaveLength(0);
  });

  it('answers slowly when given a delay', async () => {
    const peer = await startPeer({ answerAfter: 150 });
    const started = Date.now();
    await send(peer, 'slow@example.test');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('offers STARTTLS and implicit TLS', async () => {
    const starttls = await startPeer({ tls: {} });
    await send(starttls, 'tls@example.test', { requireTLS: true });
    const implicit = await startPeer({ tls: { implicit: true } });
    expect(implicit.url).toMatch(/^smtps:\/\//);
    await send(implicit, 'tls@example.test');
    expect(starttls.delivered + implicit.delivered).toBe(2);
  });

  it('counts connections and survives a client that resets mid-message', async () => {
    const peer = await startPeer();
    await new Promise<void>((resolve) => {
      const socket = connect(peer.port, peer.host);
      socket.once('data', () => {
        socket.write('EHLO reset.test\r\nMAIL FROM:<a@example.test>\r\nRCPT TO:<b@example.test>\r\nDATA\r\nSubject: half\r\n');
        setTimeout(() => {
          socket.resetAndDestroy();
          resolve();
        }, 50);
      });
    });
    await send(peer, 'after@example.test');
    expect(peer.connections).toBe(2);
    expect(peer.peakConnections).toBeGreaterThanOrEqual(1);
    expect(peer.to('after@example.test')).toHaveLength(1);
  });
});
