// Create, list, toggle and delete a user's API keys. The full key is only in the create answer. Disabling or
// deleting a key tells every gateway at once (REVOCATIONS_CHANNEL) instead of waiting out their caches.
import type { ApiKey } from '@mailwright/contracts';
import { AppError, notFound } from '@mailwright/kit';
import { deleteApiKey, insertApiKey, listApiKeys, toggleApiKey } from '../db/queries/api-keys';
import type { ApiKeyRow } from '../db/schema/api-keys';
import type { IdentityDb } from '../db/tables';
import type { RevocationPublisher } from '../redis/revocations';
import { generateApiKey, maskApiKey, storedPartsOf } from './api-key-format';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function presentApiKey(row: ApiKeyRow, fullKey?: string): ApiKey {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    key: fullKey ?? maskApiKey(row.prefix, row.last4),
    lastUsed: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createApiKey(db: IdentityDb, userId: string, name: string): Promise<ApiKey> {
  const trimmed = name.trim();
  if (!trimmed) throw new AppError('VALIDATION_ERROR', 'API key name is required');
  const key = generateApiKey();
  const row = await insertApiKey(db, { userId, name: trimmed, ...storedPartsOf(key) });
  return presentApiKey(row, key);
}

export async function listUserApiKeys(db: IdentityDb, userId: string): Promise<ApiKey[]> {
  return (await listApiKeys(db, userId)).map((row) => presentApiKey(row));
}

export async function toggleUserApiKey(
  db: IdentityDb,
  revocations: RevocationPublisher,
  userId: string,
  id: string,
): Promise<ApiKey> {
  const row = UUID.test(id) ? await toggleApiKey(db, userId, id) : undefined;
  if (!row) throw notFound('API key');
  if (!row.isActive) await revocations.publish({ kind: 'api-key', apiKeyId: row.id });
  return presentApiKey(row);
}

export async function deleteUserApiKey(
  db: IdentityDb,
  revocations: RevocationPublisher,
  userId: string,
  id: string,
): Promise<void> {
  if (!UUID.test(id) || !(await deleteApiKey(db, userId, id))) throw notFound('API key');
  await revocations.publish({ kind: 'api-key', apiKeyId: id });
}
