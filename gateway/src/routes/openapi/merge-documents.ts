// One public OpenAPI 3.1 document from the services' own documents: service paths are rewritten to the
// gateway's public prefixes, each operation gets its security (JWT, API key or none, from the access rules),
// the shared error shape, the gateway's own answers (401, 413, 429, 503) and examples.
import { bearerApiKeyRoutes, ResendErrorBody, toResendError } from '@mailwright/contracts';
import { plainSchema } from '@mailwright/kit';
import { type Access, accessFor } from '../access-rules';
import type { Upstream } from '../upstreams';
import { exampleFor } from './example-from-schema';

type Json = Record<string, unknown>;

export interface ServiceDocument {
  service: string;
  document: { paths?: Record<string, Record<string, Json>> };
}

const ERROR_BODY: Json = {
  type: 'object',
  description: 'Every failure answers this shape.',
  required: ['message', 'code'],
  properties: {
    message: { type: 'string', description: 'A sentence for people' },
    code: { type: 'string', description: 'A stable machine-readable code, e.g. VALIDATION_ERROR' },
    requiresVerification: { type: 'boolean' },
  },
};

const ERROR_EXAMPLES: Record<string, { message: string; code: string }> = {
  '400': { message: 'body/to must NOT have fewer than 1 items', code: 'VALIDATION_ERROR' },
  '401': { message: 'Authentication required', code: 'UNAUTHORIZED' },
  '403': { message: 'You do not have access to this resource', code: 'FORBIDDEN' },
  '404': { message: 'Not found', code: 'NOT_FOUND' },
  '409': { message: 'The resource is in a state that does not allow this', code: 'CONFLICT' },
  '413': { message: 'Request body is too large: the limit is 16 MB', code: 'PAYLOAD_TOO_LARGE' },
  '429': { message: 'Too many requests. Try again in 42 seconds.', code: 'RATE_LIMITED' },
  '4XX': { message: 'body/to must NOT have fewer than 1 items', code: 'VALIDATION_ERROR' },
  '5XX': { message: 'The mail service is unavailable right now. Please try again shortly.', code: 'SERVICE_UNAVAILABLE' },
  '503': { message: 'The mail service is unavailable right now. Please try again shortly.', code: 'SERVICE_UNAVAILABLE' },
};

/** The Resend-compatible routes answer Resend's error shape (contracts resend-compat.ts). */
const RESEND_ERROR_BODY: Json = plainSchema(ResendErrorBody);

function resendExample(code: string): Json {
  const example = ERROR_EXAMPLES[code] ?? (ERROR_EXAMPLES['4XX'] as { message: string; code: string });
  const status = /^\d{3}$/.test(code) ? Number(code) : code === '5XX' ? 503 : 422;
  return toResendError(status, example);
}

const errorResponseOf = (code: string, description: string, resend = false): Json => ({
  description,
  content: {
    'application/json': {
      schema: { $ref: `#/components/schemas/${resend ? 'ResendErrorBody' : 'ErrorBody'}` },
      example: resend ? resendExample(code) : (ERROR_EXAMPLES[code] ?? ERROR_EXAMPLES['4XX']),
    },
  },
});

const RATE_LIMIT_HEADERS: Json = {
  'RateLimit-Limit': { description: 'Requests allowed per minute for this API key (by plan)', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
};

const SECURITY: Record<Access, Json[]> = {
  public: [],
  user: [{ bearerAuth: [] }],
  api_key: [{ apiKey: [] }],
};

const isErrorCode = (code: string) => /^[45]/.test(code);

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

function decorate(operation: Json, method: string, publicPath: string, upstream: Upstream): Json {
  const access = accessFor(method.toUpperCase(), publicPath.replace(/\{[^}]+\}/g, 'x'));
  const resend = bearerApiKeyRoutes.test(publicPath);
  const errorResponse = (code: string, description: string) => errorResponseOf(code, description, resend);
  const responses = { ...((operation.responses ?? {}) as Record<string, Json>) };
  for (const [code, response] of Object.entries(responses)) {
    if (isErrorCode(code)) {
      responses[code] = errorResponse(code, (response.description as string) ?? 'Error');
      continue;
    }
    const content = response.content as Record<string, { schema?: Json; example?: unknown }> | undefined;
    const json = content?.['application/json'];
    if (json?.schema && json.example === undefined) json.example = exampleFor(json.schema);
  }
  // Every failure answers ErrorBody, whether or not the service listed the code.
  responses['4XX'] ??= errorResponse('4XX', 'Client error (validation, not found, conflict, …)');
  responses['5XX'] ??= errorResponse('5XX', 'Server error');
  if (access !== 'public') responses['401'] ??= errorResponse('401', 'Missing or invalid credentials');
  responses['413'] ??= errorResponse('413', `Request body larger than ${Math.round(upstream.bodyLimit / 1024)} KB`);
  responses['503'] ??= errorResponse('503', `The ${upstream.service} service is unavailable`);
  if (access === 'api_key') {
    responses['429'] = {
      ...errorResponse('429', 'Rate limit (per API key, by plan) or monthly quota reached; see Retry-After'),
      headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
    };
    for (const [code, response] of Object.entries(responses)) {
      if (code.startsWith('2')) response.headers = { ...((response.headers as Json) ?? {}), ...RATE_LIMIT_HEADERS };
    }
  }
  const body = (operation.requestBody as Json | undefined)?.content as
    | Record<string, { schema?: Json; example?: unknown }>
    | undefined;
  const bodyJson = body?.['application/json'];
  if (bodyJson?.schema && bodyJson.example === undefined) bodyJson.example = exampleFor(bodyJson.schema);
  for (const parameter of (operation.parameters ?? []) as Json[]) {
    if (parameter.example === undefined && parameter.in === 'path')
      parameter.example = exampleFor(parameter.schema as Json, 'id');
  }
  const tag = upstream.prefix.replace(/^\/api\//, '').replace(/^\/t$/, 'tracking');
  return {
    ...operation,
    tags: (operation.tags as string[] | undefined) ?? [tag.charAt(0).toUpperCase() + tag.slice(1)],
    summary: operation.summary ?? `${method.toUpperCase()} ${publicPath}`,
    operationId: `${method}${publicPath.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    security: SECURITY[access],
    responses,
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
      for (const [method, operation] of Object.entries(operations)) {
        paths[mapped.path] ??= {};
        (paths[mapped.path] as Record<string, Json>)[method] = decorate(operation, method, mapped.path, mapped.upstream);
      }
    }
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: { title: 'Mailwright API', version: '1.0.0', description },
    servers: [{ url: publicUrl }],
    paths: sorted,
    components: {
      schemas: { ErrorBody: ERROR_BODY, ResendErrorBody: RESEND_ERROR_BODY },
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
