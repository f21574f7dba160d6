// Create, list, toggle and delete a user's API keys. The full key is only in the create answer. Disabling or
// deleting a key tells every gateway at once (REVOCATIONS_CHANNEL) instead of waiting out their caches.
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope, MAIL_MESSAGES } from '@mailwright/contracts';
import { AppError, isUuid, notFound } from '@mailwright/kit';
import { deleteApiKey, insertApiKey, listApiKeys, toggleApiKey } from '../db/queries/api-keys';
import type { ApiKeyRow } from '../db/schema/api-keys';
import type { IdentityDeps } from '../deps';
import { generateApiKey, maskApiKey, storedPartsOf } from './api-key-format';

/** The stored scopes in their canonical order (send, read); anything unknown is dropped. */
export function scopesOf(row: Pick<ApiKeyRow, 'scopes'>): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((scope) => row.scopes.includes(scope));
}

export function presentApiKey(row: ApiKeyRow, fullKey?: string): ApiKey {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    key: fullKey ?? maskApiKey(row.prefix, row.last4),
    lastUsed: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    isActive: row.isActive,
    scopes: scopesOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A key is only made on a plan with API access: on free it could not be used, so it is refused up front. */
export async function createApiKey(
  deps: Pick<IdentityDeps, 'db' | 'entitlements'>,
  userId: string,
  name: string,
  scopes: readonly ApiKeyScope[] = API_KEY_SCOPES,
  requestId?: string,
): Promise<ApiKey> {
  const trimmed = name.trim();
  if (!trimmed) throw new AppError('VALIDATION_ERROR', 'API key name is required', { details: { field: 'name' } });
  const { apiAccess } = await deps.entitlements.get(userId, { fresh: true, requestId });
  if (!apiAccess) throw new AppError('API_ACCESS_REQUIRED', MAIL_MESSAGES.apiAccessRequired);
  const key = generateApiKey();
  const row = await insertApiKey(deps.db, {
    userId,
    name: trimmed,
    scopes: API_KEY_SCOPES.filter((scope) => scopes.includes(scope)),
    ...storedPartsOf(key),
  });
  return presentApiKey(row, key);
}

export async function listUserApiKeys(deps: Pick<IdentityDeps, 'db'>, userId: string): Promise<ApiKey[]> {
  return (await listApiKeys(deps.db, userId)).map((row) => presentApiKey(row));
}

export async function toggleUserApiKey(
  deps: Pick<IdentityDeps, 'db' | 'revocations'>,
  userId: string,
  id: string,
): Promise<ApiKey> {
  const row = isUuid(id) ? await toggleApiKey(deps.db, userId, id) : undefined;
  if (!row) throw notFound('API key');
  if (!row.isActive) await deps.revocations.publish({ kind: 'api-key', apiKeyId: row.id });
  return presentApiKey(row);
}

export async function deleteUserApiKey(
  deps: Pick<IdentityDeps, 'db' | 'revocations'>,
  userId: string,
  id: string,
): Promise<void> {
  if (!isUuid(id) || !(await deleteApiKey(deps.db, userId, id))) throw notFound('API key');
  await deps.revocations.publish({ kind: 'api-key', apiKeyId: id });
}
