// The gateway's question "whose key is this?": answered from the key's hash. Asking is not using: the gateway
// reports the calls it let through on /internal/api-keys/usage (a refused call never counts as "last used").
import type { ResolvedApiKey } from '@mailwright/contracts';
import { notFound } from '@mailwright/kit';
import type { IdentityContext } from '../context';
import { findApiKeyByHash } from '../db/queries/api-keys';
import { looksLikeApiKey, storedPartsOf } from './api-key-format';

export async function resolveApiKey(ctx: IdentityContext, key: string): Promise<ResolvedApiKey> {
  const row = looksLikeApiKey(key) ? await findApiKeyByHash(ctx.db, storedPartsOf(key).keyHash) : undefined;
  if (!row) throw notFound('API key');
  return { apiKeyId: row.id, userId: row.userId, isActive: row.isActive };
}

/** Keys the gateway used for calls it did not refuse; written through ApiKeyUsage's batching. */
export function recordApiKeyUsage(ctx: IdentityContext, apiKeyIds: string[]): void {
  const at = new Date();
  for (const id of new Set(apiKeyIds)) ctx.apiKeyUsage.record(id, at);
}
