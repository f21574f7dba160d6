// Webhook endpoints (signed-in user; the gateway maps /api/webhooks/* here).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CreateWebhookBody,
  Envelope,
  ErrorBody,
  IdParams,
  UpdateWebhookBody,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookWithSecret,
} from '@mailwright/contracts';
import { coerceQuery, requireUserId } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
} from '../webhooks/manage-webhooks';
import { sendTestDelivery } from '../webhooks/test-delivery';

const errors = { '4xx': ErrorBody, '5xx': ErrorBody };
const tags = ['Webhooks'];

export function webhookRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  typed.get(
    '/webhooks',
    { schema: { tags, summary: 'List webhook endpoints', response: { 200: Envelope(Type.Array(WebhookEndpoint)), ...errors } } },
    async (request) => ({ data: await listWebhooks(app.mail, requireUserId(request)) }),
  );

  typed.post(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'Register a webhook endpoint (the signing secret is shown only in this answer)',
        body: CreateWebhookBody,
        response: { 201: Envelope(WebhookWithSecret), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createWebhook(app.mail, requireUserId(request), request.body) }),
  );

  typed.get(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'One webhook endpoint',
        params: IdParams,
        response: { 200: Envelope(WebhookEndpoint), ...errors },
      },
    },
    async (request) => ({ data: await getWebhook(app.mail, requireUserId(request), request.params.id) }),
  );

  typed.patch(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Change the URL, events or description; enabled: true re-enables a disabled endpoint',
        params: IdParams,
        body: UpdateWebhookBody,
        response: { 200: Envelope(WebhookEndpoint), ...errors },
      },
    },
    async (request) => ({ data: await updateWebhook(app.mail, requireUserId(request), request.params.id, request.body) }),
  );

  typed.delete(
    '/webhooks/:id',
    { schema: { tags, summary: 'Delete a webhook endpoint', params: IdParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await deleteWebhook(app.mail, requireUserId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  typed.post(
    '/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        summary: 'Replace the signing secret (the new one is shown only in this answer)',
        params: IdParams,
        response: { 200: Envelope(WebhookWithSecret), ...errors },
      },
    },
    async (request) => ({ data: await rotateWebhookSecret(app.mail, requireUserId(request), request.params.id) }),
  );

  typed.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags,
        summary: "Send a signed 'webhook.test' event now and answer its delivery record",
        params: IdParams,
        response: { 200: Envelope(WebhookDelivery), ...errors },
      },
    },
    async (request) => ({ data: await sendTestDelivery(app.mail, requireUserId(request), request.params.id) }),
  );

  typed.get(
    '/webhooks/:id/deliveries',
    {
      preValidation: coerceQuery(WebhookDeliveriesQuery),
      schema: {
        tags,
        summary: 'Recent deliveries of an endpoint, newest first, with every attempt',
        params: IdParams,
        querystring: WebhookDeliveriesQuery,
        response: { 200: Envelope(Type.Array(WebhookDelivery)), ...errors },
      },
    },
    async (request) => ({
      data: await listDeliveries(app.mail, requireUserId(request), request.params.id, request.query.limit ?? 20),
    }),
  );
}
