// One public OpenAPI 3.1 document from the services' own documents: service paths are rewritten to the
// gateway's public prefixes, each operation gets its security (JWT, API key or none, from the access rules), the
// error catalogue and its answers (the gateway's own 401, 413, 429, 503 included) with examples true for the
// route, its real non-JSON answers, the send routes' Idempotency-Key, and named resource schemas.
import { bearerApiKeyRoutes, ResendErrorBody, toResendError } from '@mailwright/contracts';
import { plainSchema } from '@mailwright/kit';
import { type Access, routeRuleFor } from '../access-rules';
import type { Upstream } from '../upstreams';
import { codesWithStatus, ERROR_CODE_SCHEMA, errorBodySchema } from './error-catalogue';
import { type ErrorExample, errorExample, type RouteFacts } from './error-examples';
import { exampleFor } from './example-from-schema';
import { nameResponseSchemas } from './named-schemas';
import { nonJsonAnswers, rawRequestBody } from './non-json-answers';
import { IDEMPOTENCY_CONFLICT, IDEMPOTENCY_KEY_PARAMETER, IDEMPOTENT_SEND_PATHS, REPLAYED_HEADER } from './send-idempotency';
import { signInProviderPaths } from './sign-in-provider-paths';

type Json = Record<string, unknown>;

export interface ServiceDocument {
  service: string;
  document: { paths?: Record<string, Record<string, Json>> };
}

/** The gateway answers the open pixel itself (open-pixel.ts) and relays the hit later. */
const OPEN_PIXEL_PATH = '/t/o/{token}';

const statusOf = (code: string) => (/^\d{3}$/.test(code) ? Number(code) : code === '5XX' ? 503 : 422);

function errorResponse(code: string, description: string, resend: boolean, example: ErrorExample): Json {
  const codes = /^\d{3}$/.test(code) ? codesWithStatus(Number(code)) : [];
  const listed = codes.length > 0 ? ` (${codes.map((name) => `\`${name}\``).join(', ')})` : '';
  return {
    description: `${description}${listed}`,
    content: {
      'application/json': {
        schema: { $ref: `#/components/schemas/${resend ? 'ResendErrorBody' : 'ErrorBody'}` },
        example: resend ? toResendError(statusOf(code), example) : example,
      },
    },
  };
}

const RATE_LIMIT_HEADERS: Json = {
  'RateLimit-Limit': { description: 'Requests allowed per minute for this API key (by plan)', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
};

const RETRY_AFTER: Json = { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } };

const SECURITY: Record<Access, Json[]> = {
  public: [],
  user: [{ bearerAuth: [] }],
  api_key: [{ apiKey: [] }],
};

const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`);

/** The reference's group of a route whose service names none, by public prefix. */
const TAG_BY_PREFIX: Record<string, string> = {
  '/api/auth': 'Auth',
  '/api/api-keys': 'API keys',
  '/api/email-accounts': 'Email accounts',
  '/api/sender-pools': 'Sender pools',
  '/api/templates': 'Templates',
  '/api/emails': 'Emails',
  '/api/webhooks': 'Webhooks',
  '/api/suppressions': 'Suppressions',
  '/api/payments': 'Payments',
  '/t': 'Tracking',
  '/u': 'Unsubscribe',
};

const isErrorCode = (code: string) => /^[45]/.test(code);
const takesBody = (method: string) => method === 'post' || method === 'put' || method === 'patch';

function publicPathOf(servicePath: string, service: string, upstreams: Upstream[]): { path: string; upstream: Upstream } | null {
  for (const upstream of upstreams) {
    if (upstream.service !== service) continue;
    const prefix = upstream.rewritePrefix;
    if (servicePath === prefix || servicePath.startsWith(`${prefix}/`)) {
      return { path: upstream.prefix + servicePath.slice(prefix.length), upstream };
    }
  }
  return null;
}

/** A path the access rules can match: each placeholder filled with its parameter's example (an enum's first value). */
function samplePath(publicPath: string, parameters: Json[]): string {
  return publicPath.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    const example = parameter?.example;
    return typeof example === 'string' ? example : 'x';
  });
}

function decorate(source: Json, method: string, publicPath: string, upstream: Upstream): Json {
  const operation = structuredClone(source);
  const parameters = ((operation.parameters ?? []) as Json[]).filter(
    (parameter) => parameter.in !== 'path' || publicPath.includes(`{${parameter.name}}`),
  );
  for (const parameter of parameters) {
    if (parameter.example === undefined && parameter.in === 'path')
      parameter.example = exampleFor(parameter.schema as Json, parameter.name === 'email' ? 'email' : 'id');
  }
  const rule = routeRuleFor(method.toUpperCase(), samplePath(publicPath, parameters));
  const access = rule.access;
  const resend = bearerApiKeyRoutes.test(publicPath);
  const bodyJson = ((operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.[
    'application/json'
  ];
  const route: RouteFacts = {
    path: publicPath,
    service: upstream.service,
    atTheEdge: method === 'get' && publicPath === OPEN_PIXEL_PATH,
    bodyLimit: upstream.bodyLimit,
    access,
    body: bodyJson?.schema as Json | undefined,
    parameters,
  };
  const error = (code: string, description: string, example = errorExample(code, route)) =>
    errorResponse(code, description, resend, example);

  const real = nonJsonAnswers(method, publicPath);
  const responses: Record<string, Json> = {};
  for (const [code, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
    if (real && code.startsWith('2')) continue;
    if (isErrorCode(code)) {
      if (!real?.[code]) responses[code] = error(code, (response.description as string) ?? 'Error');
      continue;
    }
    const json = (response.content as Record<string, Json> | undefined)?.['application/json'];
    if (json?.schema && json.example === undefined) json.example = exampleFor(json.schema as Json);
    responses[code] = response;
  }
  Object.assign(responses, real);
  responses['4XX'] ??= error('4XX', 'Client error (validation, not found, conflict, …)');
  responses['5XX'] ??= error('5XX', 'Server error');
  if (access !== 'public') responses['401'] ??= error('401', 'Missing or invalid credentials');
  if (takesBody(method))
    responses['413'] ??= error(
      '413',
      `Request body larger than ${formatBytes(upstream.bodyLimit)}, the limit under ${upstream.prefix}`,
    );
  if (!route.atTheEdge) responses['503'] ??= error('503', `The ${upstream.service} service is unavailable`);
  if (access === 'api_key') {
    responses['429'] = {
      ...error('429', 'Rate limit (per API key, by plan) or monthly quota reached; see Retry-After'),
      headers: { ...RATE_LIMIT_HEADERS, ...RETRY_AFTER },
    };
    for (const [code, response] of Object.entries(responses)) {
      if (code.startsWith('2')) response.headers = { ...((response.headers as Json) ?? {}), ...RATE_LIMIT_HEADERS };
    }
  } else if (rule.throttle) {
    responses['429'] ??= {
      ...error('429', rule.throttle === 'client-ip' ? 'Too many attempts from this address' : 'Too many attempts'),
      headers: RETRY_AFTER,
    };
  }
  if (method === 'post' && IDEMPOTENT_SEND_PATHS.has(publicPath)) {
    parameters.push(structuredClone(IDEMPOTENCY_KEY_PARAMETER));
    responses['409'] = error('409', 'The Idempotency-Key was already used with a different body', IDEMPOTENCY_CONFLICT);
    for (const [code, response] of Object.entries(responses)) {
      if (code.startsWith('2'))
        response.headers = { ...((response.headers as Json) ?? {}), 'idempotent-replayed': REPLAYED_HEADER };
    }
  }
  if (bodyJson?.schema && bodyJson.example === undefined) bodyJson.example = exampleFor(bodyJson.schema as Json);
  const raw = operation.requestBody === undefined ? rawRequestBody(method, publicPath) : null;

  return {
    ...operation,
    tags: (operation.tags as string[] | undefined) ?? [TAG_BY_PREFIX[upstream.prefix] ?? upstream.prefix],
    summary: operation.summary ?? `${method.toUpperCase()} ${publicPath}`,
    operationId: `${method}${publicPath.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    security: SECURITY[access],
    parameters,
    ...(raw ? { requestBody: raw } : {}),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
  };
}

export function mergeDocuments(
  documents: ServiceDocument[],
  upstreams: Upstream[],
  publicUrl: string,
  description: string,
): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const { service, document } of documents) {
    for (const [servicePath, operations] of Object.entries(document.paths ?? {})) {
      const mapped = publicPathOf(servicePath, service, upstreams);
      if (!mapped) continue;
      for (const publicPath of signInProviderPaths(mapped.path) ?? [mapped.path]) {
        for (const [method, operation] of Object.entries(operations)) {
          paths[publicPath] ??= {};
          (paths[publicPath] as Record<string, Json>)[method] = decorate(operation, method, publicPath, mapped.upstream);
        }
      }
    }
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  const named = nameResponseSchemas(sorted);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mailwright API',
      version: '1.0.0',
      description,
      license: { name: 'AGPL-3.0-only', identifier: 'AGPL-3.0-only' },
    },
    servers: [{ url: publicUrl }],
    paths: sorted,
    components: {
      schemas: {
        ErrorBody: errorBodySchema(),
        ErrorCode: ERROR_CODE_SCHEMA,
        // The Resend-compatible routes answer Resend's error shape (contracts resend-compat.ts).
        ResendErrorBody: plainSchema(ResendErrorBody),
        ...named,
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token from POST /api/auth/login' },
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description:
            'An API key from the API Keys screen (Pro and Enterprise). Under /compat/resend it may also be sent as ' +
            '`Authorization: Bearer <key>`, as Resend SDKs send it.',
        },
      },
    },
  };
}
