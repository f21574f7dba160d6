// The gateway's question "whose key is this?": answered from the key's hash, recording the use.
import type { ResolvedApiKey } from '@mailwright/contracts';
import { notFound } from '@mailwright/kit';
import type { IdentityContext } from '../context';
import { findApiKeyByHash } from '../db/queries/api-keys';
import { looksLikeApiKey, storedPartsOf } from './api-key-format';

export async function resolveApiKey(ctx: IdentityContext, key: string): Promise<ResolvedApiKey> {
  const row = looksLikeApiKey(key) ? await findApiKeyByHash(ctx.db, storedPartsOf(key).keyHash) : undefined;
  if (!row) throw notFound('API key');
  if (row.isActive) ctx.apiKeyUsage.record(row.id);
  return { apiKeyId: row.id, userId: row.userId, isActive: row.isActive };
}
