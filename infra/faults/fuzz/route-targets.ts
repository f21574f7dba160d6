// Who calls a route and on which concrete path. Routes run as the fuzz user, webhook routes as a user of
// their own (so the fuzz user's sends fire no webhooks), API-key routes with a key, and routes that end
// sessions or the plan as a scratch user signed in again before each test. Paths use the users' real ids
// where a route reads or edits their own resource (so the request reaches the handler's logic) and a fresh
// uuid where it would delete or toggle one.
import { randomUUID } from 'node:crypto';
import { type CatalogRoute, fillPath } from './route-catalog';
import { minimalSample } from './string-slots';

export type Caller = 'public' | 'user' | 'webhook-user' | 'scratch-user' | 'api-key';
export type Credentials = { token?: string; apiKey?: string };

/** Ends the caller's sessions or plan (logout-everywhere, cancel, downgrade): run last, as the scratch user. */
export const isDisruptive = (template: string) => /\/(logout[\w-]*|cancel|downgrade)$/.test(template) && !template.includes('{');

export class RouteTargets {
  readonly credentials: Record<Caller, Credentials> = {
    public: {},
    user: {},
    'webhook-user': {},
    'scratch-user': {},
    'api-key': {},
  };

  /** Ids of the fuzz users' own resources by route prefix, e.g. ['/api/templates/{id}', '…']. */
  readonly realIds: Array<[prefix: string, id: string]> = [];

  callerOf(route: CatalogRoute): Caller {
    if (route.access === 'public') return 'public';
    if (route.access === 'api_key') return 'api-key';
    if (isDisruptive(route.template)) return 'scratch-user';
    return route.template.startsWith('/api/webhooks') ? 'webhook-user' : 'user';
  }

  headersFor(route: CatalogRoute): Record<string, string> {
    const { token, apiKey } = this.credentials[this.callerOf(route)];
    return { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(apiKey ? { 'x-api-key': apiKey } : {}) };
  }

  /** The route's path with every parameter filled (`valueFor` overrides one, already URL-encoded). */
  concretePath(route: CatalogRoute, valueFor?: (name: string) => string | undefined): string {
    return fillPath(route.template, (name) => {
      const given = valueFor?.(name);
      if (given !== undefined) return given;
      const isHarmless = route.method !== 'DELETE' && !/\/toggle$/.test(route.template);
      const real = this.realIds.find(([prefix]) => route.template.startsWith(prefix));
      if (name === 'id' && isHarmless && real) return real[1];
      if (name === 'id' || name.endsWith('Id')) return randomUUID();
      if (name === 'token') return 'f'.repeat(40);
      const schema = route.pathParams.find((parameter) => parameter.name === name)?.schema ?? {};
      return encodeURIComponent(String(minimalSample(schema)));
    });
  }
}
