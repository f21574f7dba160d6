import { ConfigError } from '@mailwright/kit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './trusted-proxies';

describe('TRUST_PROXY', () => {
  it("takes nothing, a hop count or the proxies' addresses and ranges", () => {
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(typeof parseTrustProxy('1')).toBe('function');
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true at boot and says what to set instead', () => {
    expect(() => parseTrustProxy('true')).toThrow(ConfigError);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8,127\.0\.0\.1/);
  });

  it('refuses entries that are not addresses or ranges, naming them', () => {
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/"10\.0\.0\.0\/33" is not an IP address or CIDR range/);
    expect(() => parseTrustProxy('proxy.internal')).toThrow(/"proxy\.internal"/);
    expect(() => parseTrustProxy('yes')).toThrow(ConfigError);
  });

  it('with one trusted hop, a client cannot choose its address by prepending X-Forwarded-For entries', async () => {
    const app = Fastify({ trustProxy: parseTrustProxy('1') });
    app.get('/ip', async (request) => ({ ip: request.ip }));
    const response = await app.inject({
      url: '/ip',
      remoteAddress: '10.0.0.2',
      // The client sent "1.2.3.4"; the one proxy appended the address it saw.
      headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.7' },
    });
    expect(response.json()).toEqual({ ip: '203.0.113.7' });
    await app.close();
  });

  it("with trusted ranges, only the proxies' own entries are skipped", async () => {
    const app = Fastify({ trustProxy: parseTrustProxy('10.0.0.0/8') });
    app.get('/ip', async (request) => ({ ip: request.ip }));
    const viaProxy = await app.inject({
      url: '/ip',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.7' },
    });
    expect(viaProxy.json()).toEqual({ ip: '203.0.113.7' });
    const direct = await app.inject({ url: '/ip', remoteAddress: '198.51.100.1', headers: { 'x-forwarded-for': '1.2.3.4' } });
    expect(direct.json()).toEqual({ ip: '198.51.100.1' });
    await app.close();
  });
});
