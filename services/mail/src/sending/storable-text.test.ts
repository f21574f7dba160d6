import { describe, expect, it } from 'vitest';
import { checkStorableEmail, unstorableField } from './storable-text';

const email = (changes: Record<string, unknown> = {}) =>
  ({
    subject: 's',
    body: 'b',
    to: ['a@example.net'],
    cc: [],
    bcc: [],
    fromName: null,
    fromEmail: 'f@example.com',
    timezone: null,
    text: null,
    replyTo: [],
    headers: {},
    ...changes,
  }) as never;

describe('storable text', () => {
  it('names the first field holding a NUL or an unpaired surrogate', () => {
    expect(unstorableField({ subject: 'ok', body: 'a\u0000b' })).toBe('body');
    expect(unstorableField({ to: ['ok@example.net', 'x\ud800@example.net'] })).toBe('to[1]');
    expect(unstorableField({ subject: 'end \udbff' })).toBe('subject');
    expect(unstorableField({ subject: '\udc00 start' })).toBe('subject');
    expect(unstorableField({ subject: 'pair \ud83d\ude00', body: null })).toBeNull();
  });

  it('refuses an email (or an attachment name) with a 400 that names the field', () => {
    expect(() => checkStorableEmail(email({ fromName: 'Eve\u0000' }), [])).toThrow(
      expect.objectContaining({
        statusCode: 400,
        message: 'fromName must not contain NUL characters or unpaired UTF-16 surrogates',
      }),
    );
    expect(() => checkStorableEmail(email(), [{ filename: 'a\ud800.txt', contentType: 'text/plain' }])).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/^attachments\[0\]\.filename /) }),
    );
    expect(() => checkStorableEmail(email(), [{ filename: 'a.txt', contentType: 'text/plain' }])).not.toThrow();
    expect(() => checkStorableEmail(email({ text: 'alt\u0000' }), [])).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/^text /) }),
    );
    expect(() => checkStorableEmail(email({ headers: { 'X-A': 'ok', 'X-B': 'b\udc00' } }), [])).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/^headers\[1\] /) }),
    );
  });

  it('scans a megabyte of surrogate halves in linear time', () => {
    const text = '\ud800'.repeat(512 * 1024) + '\udc00'.repeat(512 * 1024);
    const started = performance.now();
    expect(unstorableField({ body: `${'\ud83d\ude00'.repeat(512 * 1024)}` })).toBeNull();
    expect(unstorableField({ body: text })).toBe('body');
    expect(performance.now() - started).toBeLessThan(500);
  });
});
