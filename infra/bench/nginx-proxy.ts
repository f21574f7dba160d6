// A native proxy beside the Node floors of `npm run bench:floors`: nginx, when the machine has it (Debian's
// nginx-light will do), in one process with no master, keep-alive to the upstream and no access log. What two HTTP
// exchanges cost per request when the proxying is not JavaScript. With an authorizer, every request first passes
// an auth_request to it whose answer nginx caches per X-API-Key for 5 s and whose identity header it forwards,
// with a per-identity limit_req and two security headers: the shape of a gateway whose data path is nginx and
// whose decisions are Node's.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { portListening } from '../edge/port-listening';
import { freePort } from '../launcher/free-port';

export interface NginxProxy {
  child: ChildProcess;
  url: string;
  stop: () => Promise<void>;
}

const authorization = (dir: string, authorizer: URL) => `
  proxy_cache_path ${dir}/auth-cache keys_zone=auth:1m max_size=10m;
  upstream authorizer { server ${authorizer.host}; keepalive 16; }
  limit_req_zone $identity zone=per_identity:1m rate=10000r/s;`;

const authorizedLocations = `
    location = /_auth {
      internal;
      proxy_pass http://authorizer/check;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_pass_request_body off;
      proxy_set_header Content-Length "";
      proxy_cache auth;
      proxy_cache_key $http_x_api_key;
      proxy_cache_valid 204 5s;
    }`;

const authorizedRequest = `
      auth_request /_auth;
      auth_request_set $identity $upstream_http_x_user_id;
      limit_req zone=per_identity burst=1000 nodelay;
      proxy_set_header x-user-id $identity;
      proxy_set_header x-api-key "";
      add_header x-content-type-options nosniff always;
      add_header x-frame-options DENY always;`;

export async function startNginxProxy(binary: string, upstream: URL, authorizer?: URL): Promise<NginxProxy> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
worker_processes 1;
error_log ${dir}/error.log;
pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  upstream service { server ${upstream.host}; keepalive 64; }
${authorizer ? authorization(dir, authorizer) : ''}
  server {
    listen 127.0.0.1:${port};
${authorizer ? authorizedLocations : ''}
    location / {
${authorizer ? authorizedRequest : ''}
      proxy_pass http://service;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }
}
`,
  );
  const child = spawn(binary, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await portListening(port, 5_000, 'nginx');
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, url: `http://127.0.0.1:${port}`, stop };
}
