// The edge as a process of its own, for its image (the Dockerfile's `edge` target), docker-compose.yml and infra/k8s:
// nginx in front of the gateway, configured from the environment as the launcher configures it with EDGE=nginx
// (launcher/stack.ts startEdge), its lines on this process's stdout and stderr. A SIGTERM or SIGINT stops nginx
// gracefully (SIGQUIT: requests in flight are finished), and this process exits with nginx's exit code.
import type { ChildProcess } from 'node:child_process';
import { fstatSync } from 'node:fs';
import { loadConfigOrExit } from '@mailwright/kit';
import { parseTrustProxy } from '../../gateway/src/plugins/trusted-proxies';
import { EdgeConfigSchema, gatewaySideOfEdge } from './edge-config';
import { nginxPath } from './nginx-binary';
import { startEdgeNginx } from './start-edge';

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

// A stop asked for while nginx is starting is carried out once it has started: nginx must not outlive this process.
let stopping = false;
let started: ChildProcess | undefined;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    stopping = true;
    started?.kill('SIGQUIT');
  });
}

const nginx = await startEdgeNginx(
  binary,
  {
    host: config.HOST,
    port: config.PORT,
    gatewayUrl: config.GATEWAY_URL,
    ...gatewaySideOfEdge(config, config.TRUST_PROXY),
    workers: config.EDGE_WORKERS,
  },
  'inherit',
);
console.log(
  JSON.stringify({ service: 'edge', msg: `nginx listens on ${config.HOST}:${config.PORT} before ${config.GATEWAY_URL}` }),
);
nginx.child.once('exit', (code, signal) => process.exit(code ?? (signal === 'SIGQUIT' ? 0 : 1)));
started = nginx.child;
if (stopping) started.kill('SIGQUIT');
