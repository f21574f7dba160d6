// Every service describes its own routes: GET /openapi.json (no internal token needed) answers an OpenAPI 3.1
// document generated from the route schemas as they are registered. The gateway merges the services'
// documents under the public prefixes. Internal, health and metrics routes are left out.
import type { FastifyInstance, RouteOptions } from 'fastify';

export const OPENAPI_PATH = '/openapi.json';

type JsonSchema = Record<string, unknown>;

interface RouteSchema {
  hide?: boolean;
  tags?: string[];
  summary?: string;
  description?: string;
  params?: JsonSchema;
  querystring?: JsonSchema;
  headers?: JsonSchema;
  body?: JsonSchema;
  response?: Record<string, JsonSchema>;
}

const HIDDEN = /^\/(internal\/|healthz$|readyz$|metrics$|openapi\.json$|\.well-known\/)/;

/** Plain JSON (TypeBox symbols dropped) without $id, so documents can be merged and compiled as one. */
export function plainSchema(schema: unknown): JsonSchema {
  return JSON.parse(JSON.stringify(schema ?? {}), (key, value) => (key === '$id' ? undefined : value)) as JsonSchema;
}

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parametersOf(schema: JsonSchema | undefined, where: 'path' | 'query' | 'header'): JsonSchema[] {
  if (!schema) return [];
  const plain = plainSchema(schema);
  const properties = (plain.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((plain.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function responsesOf(response: Record<string, JsonSchema> | undefined): JsonSchema {
  const responses: JsonSchema = {};
  for (const [code, schema] of Object.entries(response ?? { 200: {} })) {
    const key = /^[1-5]xx$/i.test(code) ? code.toUpperCase() : code;
    const plain = plainSchema(schema);
    const description = (plain.description as string | undefined) ?? (key.startsWith('2') ? 'Success' : 'Error');
    responses[key] =
      plain.type === 'null' || code === '204'
        ? { description }
        : { description, content: { 'application/json': { schema: plain } } };
  }
  return responses;
}

export function installOpenApi(app: FastifyInstance, title: string): void {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = (route.schema ?? {}) as RouteSchema;
    if (schema.hide || HIDDEN.test(route.url) || route.url === '*' || route.url.includes('*')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toLowerCase());
    const path = toOpenApiPath(route.url);
    for (const method of methods) {
      if (method === 'head' || method === 'options') continue;
      const operation: JsonSchema = {
        ...(schema.tags ? { tags: schema.tags } : {}),
        ...(schema.summary ? { summary: schema.summary } : {}),
        ...(schema.description ? { description: schema.description } : {}),
        parameters: [
          ...parametersOf(schema.params, 'path'),
          ...parametersOf(schema.querystring, 'query'),
          ...parametersOf(schema.headers, 'header'),
        ],
        ...(schema.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: plainSchema(schema.body) } } } }
          : {}),
        responses: responsesOf(schema.response),
      };
      paths[path] ??= {};
      (paths[path] as Record<string, JsonSchema>)[method] = operation;
    }
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } as RouteSchema }, async () => ({
    openapi: '3.1.0',
    info: { title, version: '1.0.0' },
    paths,
  }));
}
