import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TarpitSmtp } from '../../../test/support/tarpit-smtp';
import { SmtpPool } from './smtp-pool';

let server: SMTPServer;
let port = 0;
let open = 0;
let peakOpen = 0;
let connections = 0;
const logins: string[] = [];
const received: Array<{ to: string[]; body: string }> = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect: (_session, callback) => {
      connections += 1;
      open += 1;
      peakOpen = Math.max(peakOpen, open);
      callback();
    },
    onClose: () => {
      open -= 1;
    },
    onAuth: (auth, _session, callback) => {
      if (auth.password !== 'secret') return callback(new Error('Bad password'));
      logins.push(auth.username ?? '');
      callback(null, { user: auth.username });
    },
    onRcptTo: (address, _session, callback) =>
      address.address.startsWith('nobody@')
        ? callback(Object.assign(new Error('No such user here'), { responseCode: 550 }))
        : callback(),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body: Buffer.concat(chunks).toString() });
        setTimeout(callback, 2);
      });
    },
  });
  server.on('error', () => {}); // a client's reset socket is re-emitted here; it must not crash the test process
  port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
  );
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const message = (n: number) => Buffer.from(`Subject: m${n}\r\n\r\n.leading dot ${n}\r\n`);

describe('SmtpPool', () => {
  it('sends over at most maxConnections connections, reusing them, with dot-stuffing left to SMTP', async () => {
    const pool = new SmtpPool({ host: '127.0.0.1', port, secure: false }, 3);
    const before = connections;
    await Promise.all(
      Array.from({ length: 60 }, (_, n) => pool.send({ from: 'a@example.com', to: [`r${n}@example.net`] }, message(n))),
    );
    expect(connections - before).toBe(3);
    expect(peakOpen).toBeLessThanOrEqual(3);
    expect(received.filter((m) => m.to[0]?.startsWith('r'))).toHaveLength(60);
    expect(received.find((m) => m.to[0] === 'r7@example.net')?.body).toBe('Subject: m7\r\n\r\n.leading dot 7\r\n');
    pool.close();
  });

  it('rejects a refused recipient with the server reply and keeps sending the others', async () => {
    const pool = new SmtpPool({ host: '127.0.0.1', port, secure: false }, 2);
    const outcomes = await Promise.allSettled(
      ['ok1', 'nobody', 'ok2', 'ok3'].map((local, n) =>
        pool.send({ from: 'a@example.com', to: [`${local}@example.net`] }, message(n)),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const error = (outcomes[1] as PromiseRejectedResult).reason as { responseCode?: number; response?: string };
    expect(error.responseCode).toBe(550);
    expect(error.response).toContain('No such user here');
    pool.close();
  });

  it('logs in when the account has credentials and fails with EAUTH on a wrong password', async () => {
    const pool = new SmtpPool({ host: '127.0.0.1', port, secure: false, auth: { user: 'ada', pass: 'secret' } }, 1);
    await pool.send({ from: 'a@example.com', to: ['authed@example.net'] }, message(1));
    expect(logins).toContain('ada');
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
        pool.send({ from: 'a@example.com', to: ['x@example.net'] }, message(1), AbortSignal.timeout(300)),
        pool.send({ from: 'a@example.com', to: ['y@example.net'] }, message(2), AbortSignal.timeout(600)),
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
    expect(received.some((m) => m.to[0] === 'pinned@example.net')).toBe(true);
    expect(resolved).toEqual(['smtp.rebind.test']);
    allowed.close();

    const before = connections;
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
    expect(connections).toBe(before);
    strict.close();
    literal.close();
  });
});
