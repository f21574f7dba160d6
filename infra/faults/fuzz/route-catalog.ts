// Every public route of a running stack, read from the gateway's merged OpenAPI document (each service
// generates its part from the schemas its routes register, so a new route is fuzzed without anyone adding
// it here). The gateway's own routes are added by hand, and the catalog is checked against the gateway's
// upstream table so a service that did not answer cannot silently shrink it.
import { gatewayRoutes } from '@mailwright/contracts';
import type { JsonSchema } from './schema-arbitrary';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Access = 'public' | 'user' | 'api_key';

export interface Parameter {
  name: string;
  schema: JsonSchema;
}

export interface CatalogRoute {
  method: Method;
  /** The public path with `{name}` placeholders, e.g. /api/templates/{id}. */
  template: string;
  access: Access;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: JsonSchema;
}

interface Operation {
  security?: Array<Record<string, unknown>>;
  parameters?: Array<{ name: string; in: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Routes the gateway answers itself (not in any service's document); the reference pages only get encoded paths. */
const GATEWAY_ROUTES: CatalogRoute[] = [
  '/api/openapi.json',
  '/api/reference',
  '/api/reference/app.js',
  '/api/reference/scalar.js',
].map((template) => ({ method: 'GET', template, access: 'public', pathParams: [], queryParams: [] }));

const METHODS = new Set<Method>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function accessOf(operation: Operation): Access {
  const schemes = (operation.security ?? []).flatMap((entry) => Object.keys(entry));
  if (schemes.includes('apiKey')) return 'api_key';
  if (schemes.includes('bearerAuth')) return 'user';
  return 'public';
}

function parametersIn(operation: Operation, where: 'path' | 'query'): Parameter[] {
  return (operation.parameters ?? [])
    .filter((parameter) => parameter.in === where)
    .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} }));
}

export async function loadCatalog(gatewayUrl: string): Promise<CatalogRoute[]> {
  const response = await fetch(`${gatewayUrl}/api/openapi.json`);
  if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
  const document = (await response.json()) as { paths?: Record<string, Record<string, Operation>> };
  const routes: CatalogRoute[] = [...GATEWAY_ROUTES];
  for (const [template, operations] of Object.entries(document.paths ?? {})) {
    for (const [verb, operation] of Object.entries(operations)) {
      const method = verb.toUpperCase() as Method;
      if (!METHODS.has(method)) continue;
      routes.push({
        method,
        template,
        access: accessOf(operation),
        pathParams: parametersIn(operation, 'path'),
        queryParams: parametersIn(operation, 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}

/** Upstream prefixes with no route in the catalog: a service left out of the document, or a prefix nobody serves. */
export function prefixesWithoutRoutes(routes: CatalogRoute[]): string[] {
  return gatewayRoutes
    .map((upstream) => upstream.prefix)
    .filter((prefix) => !routes.some((route) => route.template === prefix || route.template.startsWith(`${prefix}/`)));
}

export const routeName = (route: Pick<CatalogRoute, 'method' | 'template'>) => `${route.method} ${route.template}`;

/** The template with each `{name}` replaced by `valueFor(name)` (already URL-safe). */
export function fillPath(template: string, valueFor: (name: string) => string): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => valueFor(name));
}
