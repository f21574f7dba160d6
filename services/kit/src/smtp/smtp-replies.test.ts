import { describe, expect, it } from 'vitest';
import { ReplyReader, type SmtpReply } from './smtp-replies';

const reader = () => {
  const unexpected: SmtpReply[] = [];
  return { replies: new ReplyReader((reply) => unexpected.push(reply)), unexpected };
};

describe('ReplyReader', () => {
  it('hands complete replies, multi-line ones joined, to the waiting commands in order, however the bytes are cut', async () => {
    const { replies } = reader();
    const first = replies.next();
    const second = replies.next();
    const third = replies.next();
    for (const byte of Buffer.from('250-mx.example.net\r\n250-PIPELINING\r\n250 SIZE 1000\r\n354 go\n250')) {
      replies.push(Buffer.from([byte]));
    }
    replies.push(Buffer.from('\r\n'));
    expect(await first).toEqual({
      code: 250,
      lines: ['mx.example.net', 'PIPELINING', 'SIZE 1000'],
      text: '250-mx.example.net\n250-PIPELINING\n250 SIZE 1000',
    });
    expect(await second).toMatchObject({ code: 354, lines: ['go'] });
    expect(await third).toMatchObject({ code: 250, lines: [''], text: '250' });
  });

  it('keeps a UTF-8 character cut between two chunks whole', async () => {
    const { replies } = reader();
    const reply = replies.next();
    const bytes = Buffer.from('550 Empfänger unbekannt\r\n');
    const cut = bytes.indexOf(0xc3) + 1;
    replies.push(bytes.subarray(0, cut));
    replies.push(bytes.subarray(cut));
    expect((await reply).text).toBe('550 Empfänger unbekannt');
  });

  it('passes a reply no command waits for to onUnexpected', () => {
    const { replies, unexpected } = reader();
    replies.push(Buffer.from('421 4.4.2 closing\r\n'));
    expect(unexpected.map((reply) => reply.code)).toEqual([421]);
  });

  it('fails every waiting and later command on a reply that is not SMTP or a line without end', async () => {
    const { replies } = reader();
    const waiting = replies.next();
    replies.push(Buffer.from('HTTP/1.1 400 Bad Request\r\n'));
    await expect(waiting).rejects.toMatchObject({ code: 'EPROTOCOL', message: expect.stringContaining('HTTP/1.1 400') });
    await expect(replies.next()).rejects.toMatchObject({ code: 'EPROTOCOL' });

    const long = reader().replies;
    const pending = long.next();
    long.push(Buffer.alloc(70 * 1024, 0x41));
    await expect(pending).rejects.toMatchObject({ message: 'The SMTP server sent a line longer than 64 KB' });
  });
});
