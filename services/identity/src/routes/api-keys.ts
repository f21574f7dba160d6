// /api-keys/*: a signed-in user's keys. Another user's key answers 404.

import { ApiKey, CreateApiKeyBody, Envelope, IdParams, MessageBody } from '@mailwright/contracts';
import { type RoutesPlugin, requireUserId } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { IdentityDeps } from '../deps';
import { createApiKey, deleteUserApiKey, listUserApiKeys, toggleUserApiKey } from '../domain/manage-api-keys';

export const apiKeyRoutes: RoutesPlugin<IdentityDeps> = async (app, { deps }) => {
  app.get('/api-keys', { schema: { response: { 200: Envelope(Type.Array(ApiKey)) } } }, async (request) => ({
    data: await listUserApiKeys(deps, requireUserId(request)),
  }));

  app.post('/api-keys', { schema: { body: CreateApiKeyBody, response: { 201: Envelope(ApiKey) } } }, async (request, reply) => {
    const data = await createApiKey(deps, requireUserId(request), request.body.name, request.body.scopes, request.id);
    return reply.status(201).send({ data });
  });

  app.delete('/api-keys/:id', { schema: { params: IdParams, response: { 200: MessageBody } } }, async (request) => {
    await deleteUserApiKey(deps, requireUserId(request), request.params.id);
    return { message: 'API key deleted' };
  });

  app.put('/api-keys/:id/toggle', { schema: { params: IdParams, response: { 200: Envelope(ApiKey) } } }, async (request) => ({
    data: await toggleUserApiKey(deps, requireUserId(request), request.params.id),
  }));
};
