// /templates: the signed-in user's templates (the gateway maps /api/templates/* here).
import {
  Envelope,
  MessageBody,
  PreviewTemplateBody,
  TEMPLATE_MESSAGES,
  Template,
  TemplateBody,
  TemplatePreview,
} from '@mailwright/contracts';
import { installValidationMessages, type RoutesPlugin, requireUserId } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { TemplatesDeps } from '../deps';
import { createTemplate } from '../domain/create-template';
import { deleteTemplate } from '../domain/delete-template';
import { getTemplate } from '../domain/get-template';
import { listTemplates } from '../domain/list-templates';
import { previewTemplate } from '../domain/preview-template';
import { updateTemplate } from '../domain/update-template';
import { errorResponses as errors } from './error-responses';

/** Any string: an id that is not a uuid is simply not found (404), never a 400. */
const IdParams = Type.Object({ id: Type.String() });

/** Any failure on these fields (missing, wrong type, wrong length) answers the field's rule. */
const FIELD_MESSAGES = {
  name: TEMPLATE_MESSAGES.name,
  subject: TEMPLATE_MESSAGES.subject,
  body: TEMPLATE_MESSAGES.body,
  category: TEMPLATE_MESSAGES.category,
};

export const templateRoutes: RoutesPlugin<TemplatesDeps> = async (app, { deps }) => {
  installValidationMessages(app, FIELD_MESSAGES);

  app.get('/templates', { schema: { response: { 200: Envelope(Type.Array(Template)), ...errors } } }, async (request) => ({
    data: await listTemplates(deps, requireUserId(request)),
  }));

  app.get(
    '/templates/:id',
    { schema: { params: IdParams, response: { 200: Envelope(Template), ...errors } } },
    async (request) => ({ data: await getTemplate(deps, requireUserId(request), request.params.id) }),
  );

  app.post(
    '/templates',
    { schema: { body: TemplateBody, response: { 201: Envelope(Template), ...errors } } },
    async (request, reply) => {
      const data = await createTemplate(deps, requireUserId(request), request.body, request.id);
      return reply.status(201).send({ data });
    },
  );

  app.put(
    '/templates/:id',
    { schema: { params: IdParams, body: TemplateBody, response: { 200: Envelope(Template), ...errors } } },
    async (request) => ({ data: await updateTemplate(deps, requireUserId(request), request.params.id, request.body) }),
  );

  app.delete('/templates/:id', { schema: { params: IdParams, response: { 200: MessageBody, ...errors } } }, async (request) => {
    await deleteTemplate(deps, requireUserId(request), request.params.id);
    return { message: TEMPLATE_MESSAGES.deleted };
  });

  app.post(
    '/templates/:id/preview',
    { schema: { params: IdParams, body: PreviewTemplateBody, response: { 200: Envelope(TemplatePreview), ...errors } } },
    async (request) => ({
      data: await previewTemplate(deps, requireUserId(request), request.params.id, request.body?.variables ?? {}),
    }),
  );
};
