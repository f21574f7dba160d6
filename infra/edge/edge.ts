// The edge as a process of its own, for its image (the Dockerfile's `edge` target), docker-compose.yml and infra/k8s:
// nginx in front of the gateway, configured from the environment as the launcher configures it with EDGE=nginx
// (launcher/stack.ts startEdge), its lines on this process's stdout and stderr. A SIGTERM or SIGINT stops nginx
// gracefully (SIGQUIT: requests in flight are finished), and this process exits with nginx's exit code. A SIGHUP
// reloads nginx, which looks the gateway's and the services' names up again; the edge does so itself when one of
// them moved to another address (a container recreated in compose).
import type { ChildProcess } from 'node:child_process';
import { fstatSync } from 'node:fs';
import { loadConfigOrExit } from '@mailwright/kit';
import { parseTrustProxy } from '../../gateway/src/plugins/trusted-proxies';
import { EdgeConfigSchema, gatewaySideOfEdge } from './edge-config';
import { nginxPath } from './nginx-binary';
import { startEdgeNginx } from './start-edge';
import { upstreamHostNames, watchUpstreamAddresses } from './upstream-addresses';

const config = loadConfigOrExit(EdgeConfigSchema, (loaded) => parseTrustProxy(loaded.TRUST_PROXY));
const binary = config.NGINX_BINARY || nginxPath();
if (!binary) {
  console.error('Configuration error: nginx is not installed (Debian: apt-get install nginx-light), or set NGINX_BINARY');
  process.exit(1);
}

// nginx opens /dev/stdout for its access log, which fails on a socket (systemd's journal, a Node parent's pipe).
if (config.ACCESS_LOG && fstatSync(1).isSocket()) {
  console.error(
    'Configuration error: ACCESS_LOG needs stdout on a file, a pipe or a terminal (nginx cannot open a socket as ' +
      '/dev/stdout); redirect it, or set ACCESS_LOG=false',
  );
  process.exit(1);
}

const log = (msg: string) => console.log(JSON.stringify({ service: 'edge', msg }));

// A stop asked for while nginx is starting is carried out once it has started: nginx must not outlive this process.
// A reload asked for meanwhile has nothing to do (nginx is reading its configuration).
let stopping = false;
let started: ChildProcess | undefined;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    stopping = true;
    started?.kill('SIGQUIT');
  });
}
const reload = (why: string) => {
  if (stopping || !started) return;
  log(`reloading nginx: ${why}`);
  started.kill('SIGHUP');
};
process.on('SIGHUP', () => reload('SIGHUP'));

const gatewaySide = gatewaySideOfEdge(config, config.TRUST_PROXY);
const nginx = await startEdgeNginx(
  binary,
  { host: config.HOST, port: config.PORT, gatewayUrl: config.GATEWAY_URL, ...gatewaySide, workers: config.EDGE_WORKERS },
  'inherit',
);
log(`nginx listens on ${config.HOST}:${config.PORT} before ${config.GATEWAY_URL}`);
nginx.child.once('exit', (code, signal) => process.exit(code ?? (signal === 'SIGQUIT' ? 0 : 1)));
started = nginx.child;
if (stopping) started.kill('SIGQUIT');

if (config.EDGE_RESOLVE_SECONDS > 0) {
  const hosts = upstreamHostNames([config.GATEWAY_URL, ...Object.values(gatewaySide.serviceUrls)]);
  watchUpstreamAddresses(hosts, (changed) => reload(`${changed.join(', ')} moved to another address`), {
    intervalMs: config.EDGE_RESOLVE_SECONDS * 1000,
  });
}
