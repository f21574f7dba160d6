import { SmtpPeer, TarpitSmtp } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendDeadline } from '../send-deadline';
import { SmtpPool } from './smtp-pool';

// Raw bytes are kept so dot-stuffing can be checked; each message takes 2 ms so sends overlap.
const peer = new SmtpPeer({ content: 'raw', users: (_username, password) => password === 'secret', answerAfter: 2 });
let port = 0;
const received = () => peer.received.map((m) => ({ to: m.envelopeTo, body: m.raw?.toString() ?? '' }));

beforeAll(async () => {
  await peer.start();
  port = peer.port;
  peer.reject('nobody@', 550, 'No such user here');
});
afterAll(() => peer.stop());

const message = (n: number) => Buffer.from(`Subject: m${n}\r\n\r\n.leading dot ${n}\r\n`);

describe('SmtpPool', () => {
  it('sends over at most maxConnections connections, reusing them, with dot-stuffing left to SMTP', async () => {
    const pool = new SmtpPool({ host: '127.0.0.1', port, secure: false }, 3);
    const before = peer.connections;
    await Promise.all(
      Array.from({ length: 60 }, (_, n) => pool.send({ from: 'a@example.com', to: [`r${n}@example.net`] }, message(n))),
    );
    expect(peer.connections - before).toBe(3);
    expect(peer.peakConnections).toBeLessThanOrEqual(3);
    expect(received().filter((m) => m.to[0]?.startsWith('r'))).toHaveLength(60);
    expect(received().find((m) => m.to[0] === 'r7@example.net')?.body).toBe('Subject: m7\r\n\r\n.leading dot 7\r\n');
    pool.close();
  });

  it('rejects a refused recipient with the server reply and keeps sending the others on the same connections', async () => {
    const pool = new SmtpPool({ host: '127.0.0.1', port, secure: false }, 2);
    const before = peer.connections;
    const outcomes = await Promise.allSettled(
      ['ok1', 'nobody', 'ok2', 'ok3'].map((local, n) =>
        pool.send({ from: 'a@example.com', to: [`${local}@example.net`] }, message(n)),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const error = (outcomes[1] as PromiseRejectedResult).reason as { responseCode?: number; response?: string };
    expect(error.responseCode).toBe(550);
    expect(error.response).toContain('No such user here');
    await pool.send({ from: 'a@example.com', to: ['ok4@example.net'] }, message(4));
    expect(peer.connections - before).toBeLessThanOrEqual(2);
    pool.close();
  });

  it('logs in when the account has credentials and fails with EAUTH on a wrong password', async () => {
    const pool = new SmtpPool({ host: '127.0.0.1', port, secure: false, auth: { user: 'ada', pass: 'secret' } }, 1);
    await pool.send({ from: 'a@example.com', to: ['authed@example.net'] }, message(1));
    expect(peer.logins).toContain('ada');
    pool.close();
    const wrong = new SmtpPool({ host: '127.0.0.1', port, secure: false, auth: { user: 'ada', pass: 'nope' } }, 1);
    await expect(wrong.send({ from: 'a@example.com', to: ['x@example.net'] }, message(2))).rejects.toMatchObject({
      code: 'EAUTH',
    });
    wrong.close();
    await expect(wrong.send({ from: 'a@example.com', to: ['x@example.net'] }, message(3))).rejects.toThrow('SMTP pool closed');
  });

  it('gives up waiting, connecting and sending at the deadline, and drops the tarpit connection', async () => {
    const tarpit = new TarpitSmtp(200);
    await tarpit.start();
    try {
      const pool = new SmtpPool({ host: '127.0.0.1', port: tarpit.port, secure: false }, 1);
      const started = Date.now();
      // One send holds the only connection (connecting); the other waits for it. Both end at their deadlines.
      const outcomes = await Promise.allSettled([
        pool.send({ from: 'a@example.com', to: ['x@example.net'] }, message(1), new SendDeadline(300)),
        pool.send({ from: 'a@example.com', to: ['y@example.net'] }, message(2), new SendDeadline(600)),
      ]);
      expect(outcomes.map((outcome) => (outcome as PromiseRejectedResult).reason?.code)).toEqual(['ETIMEDOUT', 'ETIMEDOUT']);
      expect(Date.now() - started).toBeLessThan(3_000);
      await expect.poll(() => tarpit.openConnections, { timeout: 2_000 }).toBe(0);
      pool.close();
    } finally {
      await tarpit.stop();
    }
  });

  it('connects to the address it checked (a second DNS answer cannot slip in) and refuses private answers', async () => {
    const resolved: string[] = [];
    const rebinding = async (host: string) => {
      resolved.push(host);
      return ['127.0.0.1'];
    };
    // The name exists only in this resolver: delivery proves the socket used the checked address, not its own lookup.
    const allowed = new SmtpPool({ host: 'smtp.rebind.test', port, secure: false }, 1, {
      allowPrivate: true,
      resolve: rebinding,
    });
    await allowed.send({ from: 'a@example.com', to: ['pinned@example.net'] }, message(1));
    expect(received().some((m) => m.to[0] === 'pinned@example.net')).toBe(true);
    expect(resolved).toEqual(['smtp.rebind.test']);
    allowed.close();

    const before = peer.connections;
    const strict = new SmtpPool({ host: 'smtp.rebind.test', port, secure: false }, 1, {
      allowPrivate: false,
      resolve: rebinding,
    });
    await expect(strict.send({ from: 'a@example.com', to: ['x@example.net'] }, message(2))).rejects.toMatchObject({
      isPermanent: true,
      message: 'The SMTP host smtp.rebind.test resolves to a private or loopback address, which this server does not allow',
    });
    const literal = new SmtpPool({ host: '127.0.0.1', port, secure: false }, 1, { allowPrivate: false });
    await expect(literal.send({ from: 'a@example.com', to: ['x@example.net'] }, message(3))).rejects.toMatchObject({
      isPermanent: true,
    });
    expect(peer.connections).toBe(before);
    strict.close();
    literal.close();
  });
});
