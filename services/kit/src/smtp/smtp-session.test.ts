import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpPeer } from '../testing';
import { SmtpSession, type SmtpSessionOptions } from './smtp-session';

// A certificate for "localhost" and 127.0.0.1 made with openssl, as the launcher makes the intake's (infra/launcher/tls-pair.ts).
const dir = mkdtempSync(path.join(tmpdir(), 'mw-smtp-session-'));
execFileSync(
  'openssl',
  ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost'].concat([
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    path.join(dir, 'key.pem'),
    '-out',
    path.join(dir, 'cert.pem'),
  ]),
  { stdio: 'ignore' },
);
const key = readFileSync(path.join(dir, 'key.pem'));
const cert = readFileSync(path.join(dir, 'cert.pem'));

const users = { ada: 'secret' };
const startTlsPeer = new SmtpPeer({ content: 'raw', tls: { key, cert }, users, authRequired: true });
const implicitPeer = new SmtpPeer({ content: 'raw', tls: { implicit: true, key, cert }, users });
const loginOnlyPeer = new SmtpPeer({ content: 'raw', users, authMethods: ['LOGIN'], pipelining: false });
const peers = [startTlsPeer, implicitPeer, loginOnlyPeer];

beforeAll(async () => {
  await Promise.all(peers.map((peer) => peer.start()));
  loginOnlyPeer.reject('nobody@', 550, 'No such user here');
});
afterAll(async () => {
  await Promise.all(peers.map((peer) => peer.stop()));
  rmSync(dir, { recursive: true, force: true });
});

const to = (peer: SmtpPeer, rest: Partial<SmtpSessionOptions> = {}): SmtpSessionOptions => ({
  address: '127.0.0.1',
  port: peer.port,
  secure: false,
  serverName: 'localhost',
  ...rest,
});
const message = (text: string) => Buffer.from(`Subject: ${text}\r\n\r\n${text}\r\n`);

/** A scripted SMTP server: records each chunk it reads and answers the commands with `answer`. */
async function scriptedServer(extensions: string[], answer: (line: string) => string | null) {
  const chunks: string[] = [];
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => {
    sockets.push(socket);
    let inData = false;
    socket.write('220 scripted ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk.toString());
      for (const line of chunk.toString().split('\r\n').slice(0, -1)) {
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          }
          continue;
        }
        if (line.startsWith('EHLO'))
          socket.write(
            ['250-scripted', ...extensions]
              .map((e, i, all) => (i === all.length - 1 ? e.replace('-', ' ') : e))
              .join('\r\n')
              .concat('\r\n'),
          );
        else if (line === 'DATA') {
          const reply = answer(line) ?? '354 go ahead';
          inData = reply.startsWith('354');
          socket.write(`${reply}\r\n`);
        } else socket.write(`${answer(line) ?? '250 ok'}\r\n`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const stop = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { port, chunks, sockets, stop };
}

describe('SmtpSession', () => {
  it('upgrades with STARTTLS when offered, checks the certificate against the name, and logs in', async () => {
    const session = new SmtpSession(to(startTlsPeer, { auth: { user: 'ada', pass: 'secret' }, ca: cert }));
    await session.start();
    await session.send({ from: 'a@example.com', to: ['tls@example.net'] }, message('over tls'));
    session.quit();
    const received = startTlsPeer.received.find((m) => m.envelopeTo[0] === 'tls@example.net');
    expect(received?.secure).toBe(true);
    expect(received?.raw?.toString()).toBe('Subject: over tls\r\n\r\nover tls\r\n');
    expect(startTlsPeer.logins).toContain('ada');
  });

  it('refuses a certificate it cannot trust, or one for another name, before sending anything', async () => {
    const untrusted = new SmtpSession(to(startTlsPeer));
    await expect(untrusted.start()).rejects.toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    const otherName = new SmtpSession(to(startTlsPeer, { serverName: 'smtp.example.org', ca: cert }));
    await expect(otherName.start()).rejects.toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    expect(untrusted.usable).toBe(false);
    expect(startTlsPeer.logins).toHaveLength(1);
  });

  it('checks the certificate of a host given as an IP address against it, and sends no SNI for it', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      for (const peer of [startTlsPeer, implicitPeer]) {
        const session = new SmtpSession(to(peer, { serverName: '127.0.0.1', secure: peer === implicitPeer, ca: cert }));
        await session.start();
        session.quit();
      }
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    // Node warns when an IP address is set as the TLS server name (RFC 6066 allows only host names there).
    expect(warnings.map((warning) => warning.message).join('\n')).not.toContain('RFC 6066');
  });

  it('speaks TLS from the first byte when secure', async () => {
    const session = new SmtpSession(to(implicitPeer, { secure: true, ca: cert, auth: { user: 'ada', pass: 'secret' } }));
    await session.start();
    await session.send({ from: 'a@example.com', to: ['implicit@example.net'] }, message('implicit'));
    session.quit();
    expect(implicitPeer.received.find((m) => m.envelopeTo[0] === 'implicit@example.net')?.secure).toBe(true);
  });

  it('logs in with LOGIN when PLAIN is not offered, and fails with EAUTH and the reply on a wrong password', async () => {
    const session = new SmtpSession(to(loginOnlyPeer, { auth: { user: 'ada', pass: 'secret' } }));
    await session.start();
    expect(loginOnlyPeer.logins).toEqual(['ada']);
    session.quit();
    const wrong = new SmtpSession(to(loginOnlyPeer, { auth: { user: 'ada', pass: 'nope' } }));
    await expect(wrong.start()).rejects.toMatchObject({ code: 'EAUTH', responseCode: 535 });
    expect(wrong.usable).toBe(false);
  });

  it('without PIPELINING sends one command at a time, delivers to the accepted recipients and fails when none is', async () => {
    const session = new SmtpSession(to(loginOnlyPeer));
    await session.start();
    await session.send({ from: 'a@example.com', to: ['nobody@example.net', 'someone@example.net'] }, message('some'));
    const delivered = loginOnlyPeer.received.find((m) => m.raw?.toString().includes('Subject: some'));
    expect(delivered?.envelopeTo).toEqual(['someone@example.net']);
    await expect(session.send({ from: 'a@example.com', to: ['nobody@example.net'] }, message('none'))).rejects.toMatchObject({
      code: 'EENVELOPE',
      responseCode: 550,
      command: 'RCPT TO',
      response: expect.stringContaining('No such user here'),
    });
    // RSET ended the refused transaction: the same connection carries the next message.
    expect(session.usable).toBe(true);
    await session.send({ from: 'a@example.com', to: ['after@example.net'] }, message('after'));
    expect(loginOnlyPeer.received.some((m) => m.envelopeTo[0] === 'after@example.net')).toBe(true);
    session.quit();
  });

  it('pipelines MAIL, RCPT and DATA in one write, then the body and its terminator in a second, with BODY and SMTPUTF8 when needed', async () => {
    const server = await scriptedServer(['250-PIPELINING', '250-8BITMIME', '250-SMTPUTF8'], () => null);
    try {
      const session = new SmtpSession({ address: '127.0.0.1', port: server.port, secure: false, serverName: '127.0.0.1' });
      await session.start();
      await session.send(
        { from: 'a@example.com', to: ['b@example.net', 'c@example.net'] },
        Buffer.from('Subject: ü\r\n\r\n.x\r\n'),
      );
      expect(server.chunks.slice(1)).toEqual([
        'MAIL FROM:<a@example.com> BODY=8BITMIME\r\nRCPT TO:<b@example.net>\r\nRCPT TO:<c@example.net>\r\nDATA\r\n',
        'Subject: ü\r\n\r\n..x\r\n.\r\n',
      ]);
      // An ASCII message from an internationalised address: SMTPUTF8, not 8BITMIME.
      await session.send({ from: 'jürgen@example.com', to: ['b@example.net'] }, Buffer.from('x\r\n'));
      expect(server.chunks.at(-2)).toBe('MAIL FROM:<jürgen@example.com> SMTPUTF8\r\nRCPT TO:<b@example.net>\r\nDATA\r\n');
      session.quit();
    } finally {
      await server.stop();
    }
  });

  it('fails a refused sender with its reply, refuses addresses that would break the command line', async () => {
    const server = await scriptedServer(['250-PIPELINING'], (line) =>
      line.startsWith('MAIL') ? '451 4.3.0 try later' : line.startsWith('RCPT') || line === 'DATA' ? '503 5.5.1 need MAIL' : null,
    );
    try {
      const session = new SmtpSession({ address: '127.0.0.1', port: server.port, secure: false, serverName: '127.0.0.1' });
      await session.start();
      await expect(session.send({ from: 'a@example.com', to: ['b@example.net'] }, message('m'))).rejects.toMatchObject({
        code: 'EENVELOPE',
        responseCode: 451,
        response: '451 4.3.0 try later',
      });
      await expect(
        session.send({ from: 'a@example.com', to: ['b@example.net>\r\nRCPT TO:<c@example.net'] }, message('m')),
      ).rejects.toMatchObject({ code: 'EADDRESS' });
      expect(server.chunks.join('')).not.toContain('c@example.net');
      expect(server.chunks.filter((chunk) => chunk === 'RSET\r\n')).toHaveLength(1);
      expect(session.usable).toBe(true);
      session.quit();
    } finally {
      await server.stop();
    }
  });

  it('stops being usable when the server speaks unasked (a 421 on an idle connection) or closes', async () => {
    const server = await scriptedServer([], () => null);
    try {
      const session = new SmtpSession({ address: '127.0.0.1', port: server.port, secure: false, serverName: '127.0.0.1' });
      await session.start();
      expect(session.usable).toBe(true);
      server.sockets[0]?.write('421 4.4.2 idle too long\r\n');
      await expect.poll(() => session.usable).toBe(false);
      await expect(session.send({ from: 'a@example.com', to: ['b@example.net'] }, message('m'))).rejects.toMatchObject({
        code: 'ECONNECTION',
      });
    } finally {
      await server.stop();
    }
  });

  it('refuses plain-text bytes sent after the 220 to STARTTLS (response injection)', async () => {
    for (const injected of ['250-injected', '250 injected']) {
      const server = await scriptedServer(['250-STARTTLS'], (line) =>
        line === 'STARTTLS' ? `220 go ahead\r\n${injected}` : null,
      );
      try {
        const session = new SmtpSession({ address: '127.0.0.1', port: server.port, secure: false, serverName: '127.0.0.1' });
        const started = Date.now();
        await expect(session.start()).rejects.toMatchObject({ code: expect.stringMatching(/^(ETLS|ECONNECTION)$/) });
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(session.usable).toBe(false);
      } finally {
        await server.stop();
      }
    }
  });

  it('fails a refused connection with the network code, and a greeting other than 220 with its reply', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = new SmtpSession({ address: '127.0.0.1', port, secure: false, serverName: '127.0.0.1' });
    await expect(refused.start()).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    // resume(): the server reads the client's QUIT and its FIN, so the connection ends and close() returns.
    const busy = net.createServer((socket) => socket.resume().end('554 5.3.2 not accepting mail\r\n'));
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const session = new SmtpSession({
        address: '127.0.0.1',
        port: (busy.address() as AddressInfo).port,
        secure: false,
        serverName: '127.0.0.1',
      });
      await expect(session.start()).rejects.toMatchObject({ code: 'EPROTOCOL', responseCode: 554 });
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  });
});
