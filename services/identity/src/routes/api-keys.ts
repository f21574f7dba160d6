// /api-keys/*: a signed-in user's keys. Another user's key answers 404.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiKey, CreateApiKeyBody, Envelope, IdParams, MessageBody } from '@mailwright/contracts';
import { requireUserId } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context';
import { createApiKey, deleteUserApiKey, listUserApiKeys, toggleUserApiKey } from '../domain/manage-api-keys';

export function registerApiKeyRoutes(server: FastifyInstance, ctx: IdentityContext): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api-keys', { schema: { response: { 200: Envelope(Type.Array(ApiKey)) } } }, async (request) => ({
    data: await listUserApiKeys(ctx.db, requireUserId(request)),
  }));

  app.post('/api-keys', { schema: { body: CreateApiKeyBody, response: { 201: Envelope(ApiKey) } } }, async (request, reply) => {
    const data = await createApiKey(ctx.db, requireUserId(request), request.body.name);
    return reply.status(201).send({ data });
  });

  app.delete('/api-keys/:id', { schema: { params: IdParams, response: { 200: MessageBody } } }, async (request) => {
    await deleteUserApiKey(ctx.db, ctx.revocations, requireUserId(request), request.params.id);
    return { message: 'API key deleted' };
  });

  app.put('/api-keys/:id/toggle', { schema: { params: IdParams, response: { 200: Envelope(ApiKey) } } }, async (request) => ({
    data: await toggleUserApiKey(ctx.db, ctx.revocations, requireUserId(request), request.params.id),
  }));
}
