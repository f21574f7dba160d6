// POST /internal/templates/render: the mail service fetches a user's template rendered for sending.
import { Envelope, RenderedTemplate, RenderTemplateRequest } from '@mailwright/contracts';
import { type RoutesPlugin, requireService } from '@mailwright/kit';
import type { TemplatesDeps } from '../deps';
import { renderForSending } from '../domain/render-for-sending';
import { errorResponses } from './error-responses';

export const internalRoutes: RoutesPlugin<TemplatesDeps> = async (app, { deps }) => {
  app.post(
    '/internal/templates/render',
    { schema: { body: RenderTemplateRequest, response: { 200: Envelope(RenderedTemplate), ...errorResponses } } },
    async (request) => {
      requireService(request);
      const { userId, templateId, variables } = request.body;
      return { data: await renderForSending(deps, userId, templateId, variables ?? {}) };
    },
  );
};
