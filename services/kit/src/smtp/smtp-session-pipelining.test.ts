// Messages sent on one session while another is on its way: with PIPELINING their MAIL, RCPT and DATA leave with
// the body before them (RFC 2920 §3.1), each message still settles on its own replies, and a stopped one is dropped
// or closes the connection, never the message before it.
import { afterEach, describe, expect, it } from 'vitest';
import { scriptedSmtpServer } from '../testing';
import { SmtpSession } from './smtp-session';

const body = (text: string) => Buffer.from(`Subject: ${text}\r\n\r\n${text}\r\n`);
const envelope = (to: string) => ({ from: 'a@example.com', to: [to] });
const commandsFor = (to: string) => `MAIL FROM:<a@example.com>\r\nRCPT TO:<${to}>\r\nDATA\r\n`;

let stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(stops.map((stop) => stop()));
  stops = [];
});

async function sessionOn(extensions: string[], answer: (line: string) => string | null = () => null) {
  const server = await scriptedSmtpServer(extensions, answer);
  stops.push(server.stop);
  const session = new SmtpSession({ address: '127.0.0.1', port: server.port, secure: false, serverName: '127.0.0.1' });
  await session.start();
  return { server, session, sent: () => server.chunks.slice(1) };
}

describe('SmtpSession with messages waiting behind the one on its way', () => {
  it("sends each waiting message's commands in the same write as the body before it", async () => {
    const { session, sent } = await sessionOn(['250-PIPELINING']);
    await Promise.all(['one', 'two', 'three'].map((name) => session.send(envelope(`${name}@example.net`), body(name))));
    expect(sent()).toEqual([
      commandsFor('one@example.net'),
      `${body('one')}.\r\n${commandsFor('two@example.net')}`,
      `${body('two')}.\r\n${commandsFor('three@example.net')}`,
      `${body('three')}.\r\n`,
    ]);
    expect(session.inFlight).toBe(0);
    session.quit();
  });

  it('settles each message on its own replies: a refused body or recipient fails that message alone', async () => {
    let bodies = 0;
    let noRecipient = false;
    const { session, sent } = await sessionOn(['250-PIPELINING'], (line) => {
      if (line === '.') {
        bodies += 1;
        return bodies === 1 ? '554 5.6.0 message refused' : null;
      }
      if (line.startsWith('MAIL')) noRecipient = false;
      if (line === 'RCPT TO:<nobody@example.net>') {
        noRecipient = true;
        return '550 5.1.1 no such user';
      }
      return line === 'DATA' && noRecipient ? '554 5.5.1 no valid recipients' : null;
    });
    const results = await Promise.allSettled([
      session.send(envelope('one@example.net'), body('one')),
      session.send(envelope('nobody@example.net'), body('lost')),
      session.send(envelope('three@example.net'), body('three')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(results[0]).toMatchObject({ reason: { code: 'EMESSAGE', responseCode: 554 } });
    expect(results[1]).toMatchObject({ reason: { code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' } });
    // The refused envelope was ended with RSET (no body sent), and the third went out on the same connection.
    expect(sent().join('')).not.toContain('lost');
    expect(sent()).toContain('RSET\r\n');
    expect(sent().join('')).toContain(`${body('three')}.\r\n`);
    expect(session.usable).toBe(true);
    session.quit();
  });

  it('without PIPELINING sends waiting messages one command at a time, after the one before has finished', async () => {
    const { session, sent } = await sessionOn([]);
    await Promise.all(['one', 'two'].map((name) => session.send(envelope(`${name}@example.net`), body(name))));
    expect(sent()).toEqual([
      'MAIL FROM:<a@example.com>\r\n',
      'RCPT TO:<one@example.net>\r\n',
      'DATA\r\n',
      `${body('one')}.\r\n`,
      'MAIL FROM:<a@example.com>\r\n',
      'RCPT TO:<two@example.net>\r\n',
      'DATA\r\n',
      `${body('two')}.\r\n`,
    ]);
    session.quit();
  });

  it('drops a stopped message that has not started, without a byte written, and keeps the connection', async () => {
    // The first body is answered only when the test says so, so the others wait behind it.
    const { server, session, sent } = await sessionOn(['250-PIPELINING'], (line) => (line === '.' ? '' : null));
    const first = session.send(envelope('one@example.net'), body('one'));
    const second = session.send(envelope('two@example.net'), body('two'));
    const stop = new AbortController();
    const third = session.send(envelope('three@example.net'), body('three'), stop.signal);
    await expect.poll(() => sent().join('')).toContain(commandsFor('two@example.net'));
    stop.abort();
    await expect(third).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    server.release('250 one queued');
    await first;
    await expect.poll(() => sent().join('')).toContain(`${body('two')}.\r\n`);
    server.release('250 two queued');
    await second;
    expect(sent().join('')).not.toContain('three');
    expect(session.usable).toBe(true);
    session.quit();
  });

  it('closes the connection for a stopped message whose commands already left, after the message before it is done', async () => {
    const { server, session, sent } = await sessionOn(['250-PIPELINING'], (line) => (line === '.' ? '' : null));
    const first = session.send(envelope('one@example.net'), body('one'));
    const stop = new AbortController();
    const second = session.send(envelope('two@example.net'), body('two'), stop.signal);
    second.catch(() => {});
    await expect.poll(() => sent().join('')).toContain(commandsFor('two@example.net'));
    stop.abort();
    server.release('250 one queued');
    // The first message was taken; the second's DATA got 354 and nothing can end it cleanly but closing.
    await first;
    await expect(second).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    expect(session.usable).toBe(false);
    expect(sent().join('')).not.toContain('Subject: two');
  });

  it('fails the waiting messages when the connection fails under the one on its way', async () => {
    const { server, session } = await sessionOn(['250-PIPELINING'], (line) => (line === '.' ? '' : null));
    const sends = ['one', 'two', 'three'].map((name) => session.send(envelope(`${name}@example.net`), body(name)));
    await expect.poll(() => server.chunks.length).toBeGreaterThan(2);
    server.sockets[0]?.destroy();
    const results = await Promise.allSettled(sends);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(results[2]).toMatchObject({ reason: { code: 'ECONNECTION' } });
    expect(session.inFlight).toBe(0);
  });
});
