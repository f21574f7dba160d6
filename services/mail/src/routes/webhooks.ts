// Webhook endpoints (signed-in user; the gateway maps /api/webhooks/* here).
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
import { coerceQuery, type RoutesPlugin, requireUserId } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import { createWebhook } from '../webhooks/create-webhook';
import { deleteWebhook } from '../webhooks/delete-webhook';
import type { WebhookDeps } from '../webhooks/deps';
import { getWebhook } from '../webhooks/get-webhook';
import { listDeliveries } from '../webhooks/list-deliveries';
import { listWebhooks } from '../webhooks/list-webhooks';
import { rotateWebhookSecret } from '../webhooks/rotate-webhook-secret';
import { sendTestDelivery } from '../webhooks/test-delivery';
import { updateWebhook } from '../webhooks/update-webhook';

const errors = { '4xx': ErrorBody, '5xx': ErrorBody };
const tags = ['Webhooks'];

export const webhookRoutes: RoutesPlugin<WebhookDeps> = async (app, { deps }) => {
  app.get(
    '/webhooks',
    { schema: { tags, summary: 'List webhook endpoints', response: { 200: Envelope(Type.Array(WebhookEndpoint)), ...errors } } },
    async (request) => ({ data: await listWebhooks(deps, requireUserId(request)) }),
  );

  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'Register a webhook endpoint (the signing secret is shown only in this answer)',
        body: CreateWebhookBody,
        response: { 201: Envelope(WebhookWithSecret), ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createWebhook(deps, requireUserId(request), request.body) }),
  );

  app.get(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'One webhook endpoint',
        params: IdParams,
        response: { 200: Envelope(WebhookEndpoint), ...errors },
      },
    },
    async (request) => ({ data: await getWebhook(deps, requireUserId(request), request.params.id) }),
  );

  app.patch(
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
    async (request) => ({ data: await updateWebhook(deps, requireUserId(request), request.params.id, request.body) }),
  );

  app.delete(
    '/webhooks/:id',
    { schema: { tags, summary: 'Delete a webhook endpoint', params: IdParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await deleteWebhook(deps, requireUserId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        summary: 'Replace the signing secret (the new one is shown only in this answer)',
        params: IdParams,
        response: { 200: Envelope(WebhookWithSecret), ...errors },
      },
    },
    async (request) => ({ data: await rotateWebhookSecret(deps, requireUserId(request), request.params.id) }),
  );

  app.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags,
        summary: "Send a signed 'webhook.test' event now and answer its delivery record",
        params: IdParams,
        response: { 200: Envelope(WebhookDelivery), ...errors },
      },
    },
    async (request) => ({ data: await sendTestDelivery(deps, requireUserId(request), request.params.id) }),
  );

  app.get(
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
      data: await listDeliveries(deps, requireUserId(request), request.params.id, request.query.limit ?? 20),
    }),
  );
};
