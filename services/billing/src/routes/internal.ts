// GET /internal/entitlements/:userId: what a user's plan allows, for identity, accounts, templates and mail.
import { Entitlements } from '@mailwright/contracts';
import { type RoutesPlugin, requireService } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { BillingDeps } from '../deps';
import { readEntitlements } from '../domain/read-entitlements';

const Params = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 128 }) });

export const internalRoutes: RoutesPlugin<BillingDeps> = async (app, { deps }) => {
  app.get(
    '/internal/entitlements/:userId',
    { schema: { params: Params, response: { 200: Type.Object({ data: Entitlements }) } } },
    async (request) => {
      requireService(request);
      return { data: await readEntitlements(deps, request.params.userId) };
    },
  );
};
