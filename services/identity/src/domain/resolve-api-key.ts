// The gateway's question "whose key is this?": answered from the key's hash. Asking is not using: the gateway
// reports the calls it let through on /internal/api-keys/usage (a refused call never counts as "last used").
import type { ResolvedApiKey } from '@mailwright/contracts';
import { notFound } from '@mailwright/kit';
import { findApiKeyByHash } from '../db/queries/api-keys';
import type { IdentityDeps } from '../deps';
import { looksLikeApiKey, storedPartsOf } from './api-key-format';
import { scopesOf } from './manage-api-keys';

export async function resolveApiKey(deps: Pick<IdentityDeps, 'db'>, key: string): Promise<ResolvedApiKey> {
  const row = looksLikeApiKey(key) ? await findApiKeyByHash(deps.db, storedPartsOf(key).keyHash) : undefined;
  if (!row) throw notFound('API key');
  return { apiKeyId: row.id, userId: row.userId, isActive: row.isActive, scopes: scopesOf(row) };
}

/** Keys the gateway used for calls it did not refuse; written through ApiKeyUsage's batching. */
export function recordApiKeyUsage(deps: Pick<IdentityDeps, 'apiKeyUsage'>, apiKeyIds: string[]): void {
  const at = new Date();
  for (const id of new Set(apiKeyIds)) deps.apiKeyUsage.record(id, at);
}
