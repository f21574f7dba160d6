// POST /api-keys with the chosen scopes. The shared client's apiKeysApi.create only sends a name, so the screen
// posts the scopes itself here.
import { type ApiKey, type ApiKeyScope, type Envelope, request } from '../../api';

export interface NewApiKey {
  name: string;
  scopes: ApiKeyScope[];
}

/** The returned key is the full secret, shown once. */
export async function createApiKey(body: NewApiKey): Promise<ApiKey> {
  return (await request<Envelope<ApiKey>>('/api-keys', { method: 'POST', body })).data;
}
