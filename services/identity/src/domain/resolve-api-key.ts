// The gateway's question "whose key is this?": answered from the key's hash. Asking is not using: the gateway
// reports the calls it let through on /internal/api-keys/usage (a refused call never counts as "last used").
import type { ResolvedApiKey } from '@mailwright/contracts';
import { notFound } from '@mailwright/kit';
import { findApiKeyWithOwnerByHash } from '../db/queries/api-keys';
import type { IdentityDeps } from '../deps';
import { looksLikeApiKey, storedPartsOf } from './api-key-format';
import { refuseIfDisabled } from './disabled-account';
import { scopesOf } from './manage-api-keys';

export async function resolveApiKey(deps: Pick<IdentityDeps, 'db'>, key: string): Promise<ResolvedApiKey> {
  const found = looksLikeApiKey(key) ? await findApiKeyWithOwnerByHash(deps.db, storedPartsOf(key).keyHash) : undefined;
  if (!found) throw notFound('API key');
  // A disabled owner's keys answer 403 with the reason (the gateway and the SMTP intake relay it to the caller).
  refuseIfDisabled({ disabledAt: found.ownerDisabledAt });
  const row = found.key;
  return { apiKeyId: row.id, userId: row.userId, isActive: row.isActive, scopes: scopesOf(row) };
}

/** Keys the gateway used for calls it did not refuse; written through ApiKeyUsage's batching. */
export function recordApiKeyUsage(deps: Pick<IdentityDeps, 'apiKeyUsage'>, apiKeyIds: string[]): void {
  const at = new Date();
  for (const id of new Set(apiKeyIds)) deps.apiKeyUsage.record(id, at);
}
