// Renders a user's template with variables through the templates service (400 names missing variables, 404 unknown).
import type { RenderedTemplate, TemplateVariableValues } from '@mailwright/contracts';
import type { InternalClient } from '@mailwright/kit';

export class TemplatesClient {
  constructor(
    private readonly client: InternalClient,
    private readonly baseUrl: string,
  ) {}

  async render(
    userId: string,
    templateId: string,
    variables: TemplateVariableValues,
    requestId?: string,
  ): Promise<RenderedTemplate> {
    const { data } = await this.client.call<{ data: RenderedTemplate }>(this.baseUrl, '/internal/templates/render', {
      method: 'POST',
      body: { userId, templateId, variables },
      requestId,
    });
    return data;
  }
}
