// POST /internal/templates/render: the mail service fetches a user's template rendered for sending.
import { Envelope, RenderedTemplate, RenderTemplateRequest } from '@mailwright/contracts';
import { requireService } from '@mailwright/kit';
import type { FastifyInstance } from 'fastify';
import type { TemplatesContext } from '../domain/context';
import { renderForSending } from '../domain/render-for-sending';
import { errorResponses } from './error-responses';
import { formatValidationError } from './validation-errors';

export function internalRenderRoutes(ctx: TemplatesContext) {
  return async (app: FastifyInstance) => {
    app.setSchemaErrorFormatter(formatValidationError);

    app.post<{ Body: RenderTemplateRequest }>(
      '/internal/templates/render',
      {
        schema: {
          body: RenderTemplateRequest,
          response: { 200: Envelope(RenderedTemplate), ...errorResponses },
        },
      },
      async (request) => {
        requireService(request);
        const { userId, templateId, variables } = request.body;
        return { data: await renderForSending(ctx, userId, templateId, variables ?? {}) };
      },
    );
  };
}
