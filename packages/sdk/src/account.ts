// Calls a signed-in user makes (a user token, not an API key): the templates and the API keys of the account.
import type { HttpClient } from './http';
import type { ApiKey, Template } from './types';

export class Templates {
  constructor(private readonly http: HttpClient) {}

  /** GET /api/templates (user token). */
  async list(): Promise<Template[]> {
    return (
      await this.http.request<{ data: Template[] }>({ method: 'GET', path: '/api/templates', auth: 'token', idempotent: true })
    ).data;
  }
}

export class ApiKeys {
  constructor(private readonly http: HttpClient) {}

  /** GET /api/api-keys (user token): keys shown masked. */
  async list(): Promise<ApiKey[]> {
    return (
      await this.http.request<{ data: ApiKey[] }>({ method: 'GET', path: '/api/api-keys', auth: 'token', idempotent: true })
    ).data;
  }
}
