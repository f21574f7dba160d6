import { describe, expect, it } from 'vitest';
import { dataChunks } from './smtp-data';

const sent = (message: string) => Buffer.concat(dataChunks(Buffer.from(message))).toString();

describe('dataChunks', () => {
  it('sends a CRLF message without leading dots as it is, the same buffer, then the terminator', () => {
    const message = Buffer.from('Subject: hi\r\n\r\nHello\r\n');
    const [body, end] = dataChunks(message);
    expect(body).toBe(message);
    expect(end.toString()).toBe('.\r\n');
  });

  it('doubles a dot that starts a line, the first line included, and never one inside a line', () => {
    expect(sent('.first\r\nmid.dle\r\n.\r\n..two\r\n')).toBe('..first\r\nmid.dle\r\n..\r\n...two\r\n.\r\n');
  });

  it('turns bare LFs into CRLF and leaves CRLF alone', () => {
    expect(sent('a\nb\r\nc\n.d\n')).toBe('a\r\nb\r\nc\r\n..d\r\n.\r\n');
    expect(sent('\nx\r\n')).toBe('\r\nx\r\n.\r\n');
  });

  it('ends a message that does not end in a line break with one before the terminator', () => {
    expect(sent('no newline')).toBe('no newline\r\n.\r\n');
    expect(sent('')).toBe('.\r\n');
  });

  it('keeps 8-bit bytes as they are', () => {
    const message = Buffer.from('Grüße\n.€\r\n');
    expect(Buffer.concat(dataChunks(message)).toString('utf8')).toBe('Grüße\r\n..€\r\n.\r\n');
  });
});
