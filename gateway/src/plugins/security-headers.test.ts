import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers';

describe('security headers', () => {
  it('sets the CSP (our origin + Razorpay checkout) and helmet headers on every answer, including errors', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, 'https://checkout.example.test/v1/checkout.js');
    app.get('/ok', async () => ({ ok: true }));
    const answers = [await app.inject({ url: '/ok' }), await app.inject({ url: '/ok' }), await app.inject({ url: '/missing' })];
    for (const response of answers) {
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://checkout.example.test");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(response.headers['strict-transport-security']).toBeDefined();
    }
    await app.close();
  });
});
