// What the shared logger writes of a request's headers: never a credential, an internal token or the edge's secret.
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';

describe('loggerOptions', () => {
  it("redacts the headers that carry credentials and the platform's secrets", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const secrets = {
      authorization: 'Bearer a-jwt',
      'x-api-key': 'mw_live_secret',
      'x-mailwright-internal': 'an-internal-token',
      'x-mailwright-edge': 'the-edge-secret',
      cookie: 'session=abc',
    };
    pino(loggerOptions('test', 'info'), sink).info({ req: { headers: { ...secrets, 'user-agent': 'curl' } } }, 'request');
    const line = lines.join('');
    for (const value of Object.values(secrets)) expect(line).not.toContain(value);
    expect(line).toContain('curl');
    expect(line.split('[redacted]').length - 1).toBe(Object.keys(secrets).length);
  });
});
