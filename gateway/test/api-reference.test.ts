// The reference page: Scalar's renderer and the boot script come from our own origin under the CSP.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewayFor } from './support/gateway-app';
import { type StandInServices, startStandInServices } from './support/stand-in-services';

let services: StandInServices;
let app: FastifyInstance;

beforeAll(async () => {
  services = await startStandInServices();
  app = await buildGatewayFor(services);
});

afterAll(async () => {
  await app?.close();
  await services?.close();
});

describe('GET /api/reference', () => {
  it('loads only scripts of our origin, allowed by the CSP', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/reference' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toEqual(['/api/reference/scalar.js', '/api/reference/app.js']);
    expect(page.body).not.toMatch(/(src|href)="https?:/);
  });

  it('serves Scalar’s standalone bundle and a boot script that renders /api/openapi.json with it', async () => {
    const bundle = await app.inject({ method: 'GET', url: '/api/reference/scalar.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('text/javascript');
    expect(bundle.body.length).toBeGreaterThan(1_000_000);
    expect(bundle.body).toContain('createApiReference');
    const boot = await app.inject({ method: 'GET', url: '/api/reference/app.js' });
    expect(boot.body).toContain("fetch('/api/openapi.json')");
    expect(boot.body).toContain("Scalar.createApiReference('#app'");
    expect(boot.body).toContain('withDefaultFonts: false');
  });
});
