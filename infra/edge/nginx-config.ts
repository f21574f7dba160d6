// The edge's nginx.conf. nginx takes the public port; everything goes to the gateway as before, except the data
// path: a POST with an X-API-Key to one of EDGE_DATA_PATHS goes straight to its service, which asks the gateway's
// authorizer about the key (kit's edge-callers.ts; the answer is kept a second). On that path nginx does what the
// gateway does on every request:
//
// - who: the key goes to the service with the edge's secret; a key the authorizer refuses (or a question it cannot
//   answer) comes back as an X-Accel-Redirect to the gateway, which nginx follows with the request whole, and the
//   gateway answers it exactly;
// - headers: only the ones the service reads are forwarded (nothing identity-like a caller sent), and every answer
//   gets the gateway's security headers and the request id;
// - limits: the prefix's body limit, the gateway's upstream timeouts, and the gateway's own texts when the service
//   is down, slow or the body too large (routes/proxy.ts, routes/body-limit.ts);
// - log: one JSON access line per request, without the key (written in batches, at least once a second).
import { type GatewayRoute, gatewayRoutes } from '@mailwright/contracts';
import {
  type AppError,
  EDGE_API_KEY_ID_HEADER,
  EDGE_METHOD_HEADER,
  EDGE_SECRET_HEADER,
  EDGE_TO_GATEWAY,
  EDGE_URI_HEADER,
  edgeSecret,
} from '@mailwright/kit';
import { securityHeaders } from '../../gateway/src/plugins/security-headers';
import { bodyTooLarge } from '../../gateway/src/routes/body-limit';
import { failureAnswer } from '../../gateway/src/routes/proxy';

/**
 * The routes nginx serves itself. All are POSTs on API-key routes with one scope (`send`), so the authorizer's
 * answer depends on the key alone, which is what the service keeps it by.
 */
export const EDGE_DATA_PATHS = ['/api/emails/api/send', '/api/emails/api/batch'] as const;

export interface EdgeConfigInput {
  /** nginx's own directory (configuration, pid): this user's alone. */
  dir: string;
  /** Its workers' directory (temp files): theirs alone. */
  workDir: string;
  /** Who the workers run as (nginx started as root); absent: as whoever started nginx. */
  workerUser?: string;
  host: string;
  port: number;
  gatewayUrl: string;
  /** Each service's address (`mail` → http://127.0.0.1:4004). */
  serviceUrls: Record<string, string>;
  internalSecret: string;
  checkoutScriptUrl: string;
  accessLog: boolean;
  /** What nginx does with a caller's X-Forwarded-For on its way to the gateway (trust-the-edge.ts). */
  forwardedFor: 'append' | 'replace';
  workers: number;
}

/** A single-quoted nginx string; refused with a `$` in it, which nginx would read as a variable. */
function quoted(text: string): string {
  if (text.includes('$')) throw new Error(`not safe in nginx.conf: ${text}`);
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

const answer = (status: number, message: string, code: string) =>
  `default_type application/json; return ${status} ${quoted(JSON.stringify({ message, code }))};`;

const hostOf = (url: string) => new URL(url).host;

/** The gateway route (prefix, service, body limit) a data path belongs to. */
function routeOf(path: string): GatewayRoute {
  const route = gatewayRoutes.find((candidate) => path.startsWith(`${candidate.prefix}/`));
  if (!route) throw new Error(`no gateway route serves ${path}`);
  return route;
}

/** A name nginx accepts for a route's own locations. */
const nameOf = (route: GatewayRoute) => route.prefix.replaceAll(/[^a-z]/g, '_');

function dataPathLocation(path: string, input: EdgeConfigInput, headers: string): string {
  const route = routeOf(path);
  const secret = edgeSecret(input.internalSecret);
  const upstreamPath = `${route.rewritePrefix}${path.slice(route.prefix.length)}`;
  const name = nameOf(route);
  return `
    location = ${path} {
      error_page 418 = @gateway;
      if ($edge_data_path = 0) { return 418; }
      client_max_body_size ${route.bodyLimit};
      # Read whole before it is forwarded; kept in memory up to this size, past it in a temp file.
      client_body_buffer_size 1m;
      error_page 413 = @too_large${name};
      error_page 502 503 = @unavailable${name};
      error_page 504 = @timeout${name};
      proxy_pass http://${route.service}${upstreamPath};
      proxy_http_version 1.1;
      proxy_pass_request_headers off;
      proxy_set_header Connection "";
      proxy_set_header Content-Type $content_type;
      proxy_set_header Content-Encoding $http_content_encoding;
      proxy_set_header Accept $http_accept;
      proxy_set_header Accept-Encoding $http_accept_encoding;
      proxy_set_header User-Agent $http_user_agent;
      proxy_set_header Idempotency-Key $http_idempotency_key;
      proxy_set_header X-Request-Id $edge_request_id;
      proxy_set_header X-Forwarded-For $remote_addr;
      # Who: the service asks the authorizer about the key, and answers a refusal with an X-Accel-Redirect to
      # ${EDGE_TO_GATEWAY}, which nginx follows with the same request.
      proxy_set_header X-API-Key $http_x_api_key;
      proxy_set_header ${EDGE_SECRET_HEADER} ${secret};
      proxy_set_header ${EDGE_METHOD_HEADER} $request_method;
      proxy_set_header ${EDGE_URI_HEADER} $request_uri;
      proxy_hide_header ${EDGE_API_KEY_ID_HEADER};
${headers}
      access_log ${input.accessLog ? '/dev/stdout edge buffer=64k flush=1s' : 'off'};
    }`;
}

/** A named location that answers `error` as the gateway would: its status, its JSON body, its headers. */
function answerLocation(name: string, error: AppError, headers: string): string {
  return `
    location @${name} {
${headers}
      ${answer(error.statusCode, error.message, error.code)}
    }`;
}

/** What nginx answers when the gateway itself is down or slow, in the words the gateway uses for a service. */
function gatewayAnswers(headers: string): string {
  return [
    answerLocation('gateway_unavailable', failureAnswer('gateway', 'unreachable', 0), headers),
    answerLocation('gateway_timeout', failureAnswer('gateway', 'timeout', 0), headers),
  ].join('');
}

/** A route's answers in the gateway's words: a body over its limit, its service down or slow. */
function routeAnswers(route: GatewayRoute, headers: string): string {
  const name = nameOf(route);
  return [
    answerLocation(`too_large${name}`, bodyTooLarge(route.bodyLimit), headers),
    answerLocation(`unavailable${name}`, failureAnswer(route.service, 'unreachable', route.bodyLimit), headers),
    answerLocation(`timeout${name}`, failureAnswer(route.service, 'timeout', route.bodyLimit), headers),
  ].join('');
}

export function edgeNginxConfig(input: EdgeConfigInput): string {
  const { dir, workDir } = input;
  const headers = [...Object.entries(securityHeaders(input.checkoutScriptUrl)), ['x-request-id', '$edge_request_id'] as const]
    .map(([name, value]) => `      add_header ${name} ${value.startsWith('$') ? value : quoted(value)} always;`)
    .join('\n');
  const services = [...new Set(gatewayRoutes.map((route) => route.service))];
  const forwardedFor = input.forwardedFor === 'append' ? '$proxy_add_x_forwarded_for' : '$remote_addr';
  // Request bodies stream through (the gateway holds the body limits and the upstream timeouts); answers are read
  // in memory buffers and, past them, passed on as the client takes them, never to a temp file.
  const gatewayProxy = `      proxy_pass http://gateway;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For ${forwardedFor};
      proxy_request_buffering off;
      proxy_buffers 16 16k;
      proxy_max_temp_file_size 0;
      # Only the data path's service may send a request elsewhere.
      proxy_ignore_headers X-Accel-Redirect;
      proxy_read_timeout 3600s;
      proxy_send_timeout 3600s;
      # The gateway itself down: its words as JSON, not nginx's HTML page. (The gateway's own 502 and 504, about a
      # service behind it, pass through as it wrote them: nginx intercepts only the errors it makes itself.)
      error_page 502 = @gateway_unavailable;
      error_page 504 = @gateway_timeout;`;
  const dataPaths = EDGE_DATA_PATHS.map((path) => path.replaceAll('/', '\\/')).join('|');
  return `daemon off;
${input.workerUser ? `user ${input.workerUser};\n` : ''}worker_processes ${input.workers};
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 4096; }
http {
  server_tokens off;
  access_log off;
  log_format edge escape=json '{"service":"edge","msg":"request","reqId":"$edge_request_id","method":"$request_method",'
    '"route":"$uri","status":$status,"durationS":$request_time,"apiKeyId":"$upstream_http_${EDGE_API_KEY_ID_HEADER.replaceAll('-', '_')}"}';
  client_body_temp_path ${workDir}/body;
  proxy_temp_path ${workDir}/proxy;
  fastcgi_temp_path ${workDir}/fastcgi;
  uwsgi_temp_path ${workDir}/uwsgi;
  scgi_temp_path ${workDir}/scgi;
  proxy_connect_timeout 5s;
  proxy_read_timeout 30s;
  proxy_send_timeout 60s;

  # A caller's X-Request-Id when it is safe to log and forward (as the gateway's request-id.ts), else a new one.
  map $http_x_request_id $edge_request_id {
    "~^[A-Za-z0-9_.-]{1,64}$" $http_x_request_id;
    default $request_id;
  }
  # The data path: a POST to one of its routes, exactly as spelled (no dot segments, escapes or slashes for nginx
  # to resolve), with an X-API-Key. Anything else goes to the gateway, which refuses or serves it as always.
  map "$request_method $request_uri" $edge_data_route {
    "~^POST (${dataPaths})(\\?.*)?$" 1;
    default 0;
  }
  map "$edge_data_route:$http_x_api_key" $edge_data_path {
    "~^1:." 1;
    default 0;
  }

  # Idle connections kept per upstream: enough for a hundred busy clients at once (with 32, the open pixel under
  # 100 connections opened a connection to the gateway for most hits: p99 116 ms against 27 ms). Under the
  # services' own keep-alive time (72 s), so nginx never reuses one they are closing.
  upstream gateway { server ${hostOf(input.gatewayUrl)}; keepalive 256; keepalive_timeout 25s; }
${services
  .filter((service) => input.serviceUrls[service])
  .map(
    (service) =>
      `  upstream ${service} { server ${hostOf(input.serviceUrls[service] as string)}; keepalive 256; keepalive_timeout 25s; }`,
  )
  .join('\n')}

  server {
    listen ${input.host}:${input.port};
    # The gateway holds each prefix's body limit as it streams the body through.
    client_max_body_size 0;

    location / {
${gatewayProxy}
    }
    location @gateway {
${gatewayProxy}
    }
${EDGE_DATA_PATHS.map((path) => dataPathLocation(path, input, headers)).join('\n')}
${[...new Set(EDGE_DATA_PATHS.map(routeOf))].map((route) => routeAnswers(route, headers)).join('\n')}
${gatewayAnswers(headers)}
  }
}
`;
}
