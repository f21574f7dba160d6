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
import { requireUserId } from '@mailwright/kit';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TemplatesContext } from '../domain/context';
import { createTemplate } from '../domain/create-template';
import { deleteTemplate } from '../domain/delete-template';
import { getTemplate } from '../domain/get-template';
import { listTemplates } from '../domain/list-templates';
import { previewTemplate } from '../domain/preview-template';
import { updateTemplate } from '../domain/update-template';
import { errorResponses as errors } from './error-responses';
import { formatValidationError } from './validation-errors';

/** Any string: an id that is not a uuid is simply not found (404), never a 400. */
const IdParams = Type.Object({ id: Type.String() });
type Params = Static<typeof IdParams>;

export function templateRoutes(ctx: TemplatesContext) {
  return async (app: FastifyInstance) => {
    app.setSchemaErrorFormatter(formatValidationError);

    app.get('/templates', { schema: { response: { 200: Envelope(Type.Array(Template)), ...errors } } }, async (request) => ({
      data: await listTemplates(ctx, requireUserId(request)),
    }));

    app.get<{ Params: Params }>(
      '/templates/:id',
      { schema: { params: IdParams, response: { 200: Envelope(Template), ...errors } } },
      async (request) => ({ data: await getTemplate(ctx, requireUserId(request), request.params.id) }),
    );

    app.post<{ Body: TemplateBody }>(
      '/templates',
      { schema: { body: TemplateBody, response: { 201: Envelope(Template), ...errors } } },
      async (request, reply) => {
        const data = await createTemplate(ctx, requireUserId(request), request.body);
        return reply.status(201).send({ data });
      },
    );

    app.put<{ Params: Params; Body: TemplateBody }>(
      '/templates/:id',
      { schema: { params: IdParams, body: TemplateBody, response: { 200: Envelope(Template), ...errors } } },
      async (request) => ({ data: await updateTemplate(ctx, requireUserId(request), request.params.id, request.body) }),
    );

    app.delete<{ Params: Params }>(
      '/templates/:id',
      { schema: { params: IdParams, response: { 200: MessageBody, ...errors } } },
      async (request) => {
        await deleteTemplate(ctx, requireUserId(request), request.params.id);
        return { message: TEMPLATE_MESSAGES.deleted };
      },
    );

    app.post<{ Params: Params; Body: PreviewTemplateBody }>(
      '/templates/:id/preview',
      { schema: { params: IdParams, body: PreviewTemplateBody, response: { 200: Envelope(TemplatePreview), ...errors } } },
      async (request) => ({
        data: await previewTemplate(ctx, requireUserId(request), request.params.id, request.body?.variables ?? {}),
      }),
    );
  };
}
