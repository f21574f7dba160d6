// The edge's nginx.conf: nginx itself accepts it (where nginx is installed), and it says on the data path what the
// gateway says: its security headers, its texts for a service that is down or slow and a body over the limit.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { edgeSecret } from '@mailwright/kit';
import { afterAll, describe, expect, it } from 'vitest';
import { nginxPath } from './nginx-binary';
import { EDGE_DATA_PATHS, type EdgeConfigInput, edgeNginxConfig } from './nginx-config';

const dir = mkdtempSync(path.join(os.tmpdir(), 'edge-config-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const input: EdgeConfigInput = {
  dir,
  workDir: dir,
  host: '127.0.0.1',
  port: 18080,
  gatewayUrl: 'http://127.0.0.1:18081',
  serviceUrls: { identity: 'http://127.0.0.1:18082', mail: 'http://127.0.0.1:18083' },
  internalSecret: 'an installation secret that is long enough to sign',
  checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
  accessLog: true,
  forwardedFor: 'replace',
  workers: 1,
};

describe('the edge nginx.conf', () => {
  const config = edgeNginxConfig(input);

  it.runIf(nginxPath())('is accepted by nginx', () => {
    const file = path.join(dir, 'nginx.conf');
    writeFileSync(file, config);
    // The access log is /dev/stdout: a file here, as in the stack (a pipe from Node is a socket nginx cannot open).
    const stdout = openSync(path.join(dir, 'stdout.log'), 'a');
    const result = spawnSync(nginxPath() as string, ['-t', '-p', dir, '-c', file, '-e', 'stderr'], {
      encoding: 'utf8',
      stdio: ['ignore', stdout, 'pipe'],
    });
    closeSync(stdout);
    expect(result.stderr).toContain('test is successful');
    expect(result.status).toBe(0);
  });

  it("sends each data path to its service with the key and the edge's secret, and the secret nowhere else", () => {
    for (const dataPath of EDGE_DATA_PATHS) expect(config).toContain(`location = ${dataPath} {`);
    expect(config).toContain('proxy_pass http://mail/emails/api/send;');
    expect(config).toContain('proxy_pass http://mail/emails/api/batch;');
    const secret = edgeSecret(input.internalSecret);
    expect(config.split(`proxy_set_header x-mailwright-edge ${secret};`).length - 1).toBe(EDGE_DATA_PATHS.length);
    expect(config.split(secret).length - 1).toBe(EDGE_DATA_PATHS.length);
    expect(config).toContain('proxy_set_header X-API-Key $http_x_api_key;');
    // Only the headers the service reads go on: none of the caller's identity headers.
    expect(config).toContain('proxy_pass_request_headers off;');
  });

  it('lets only the data path send a request on to the gateway (X-Accel-Redirect), not the gateway itself', () => {
    const gatewayLocations = config.split('proxy_pass http://gateway;').length - 1;
    expect(gatewayLocations).toBe(2);
    expect(config.split('proxy_ignore_headers X-Accel-Redirect;').length - 1).toBe(gatewayLocations);
  });

  it("answers in the gateway's words and headers", () => {
    expect(config).toContain(
      `return 503 '{"message":"The mail service is unavailable right now. Please try again shortly.","code":"SERVICE_UNAVAILABLE"}';`,
    );
    expect(config).toContain(
      `return 504 '{"message":"The mail service did not answer in time. Please try again.","code":"SERVICE_UNAVAILABLE"}';`,
    );
    expect(config).toContain(
      `return 413 '{"message":"Request body is too large: the limit is 16 MB","code":"PAYLOAD_TOO_LARGE"}';`,
    );
    expect(config).toContain("add_header content-security-policy 'default-src \\'self\\';");
    expect(config).toContain("add_header x-content-type-options 'nosniff' always;");
  });

  it('appends to X-Forwarded-For only where the gateway trusts the hops before the edge', () => {
    expect(config).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(edgeNginxConfig({ ...input, forwardedFor: 'append' })).toContain(
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    );
  });
});
