// The one shape of a route file: a Fastify plugin typed by its TypeBox schemas, given the service's deps
// as plugin options (`app.register(templateRoutes, { deps })`).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export type RoutesPlugin<Deps> = FastifyPluginAsyncTypebox<{ deps: Deps }>;
