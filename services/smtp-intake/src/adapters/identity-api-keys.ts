// API keys resolved by identity, as the gateway resolves them. No cache: a sign-in happens once per connection, and a
// disabled or deleted key must stop signing in at once. A key whose owner the operator disabled is refused for good
// (535 with identity's reason), not as a temporary failure.
import type { ResolvedApiKey } from '@mailwright/contracts';
import { AppError, type InternalClient } from '@mailwright/kit';
import type { ApiKeyLookup } from '../deps';
import { SmtpReply } from '../domain/smtp-reply';

export class IdentityApiKeys implements ApiKeyLookup {
  constructor(
    private readonly client: InternalClient,
    private readonly identityUrl: string,
  ) {}

  async resolve(key: string): Promise<ResolvedApiKey | null> {
    try {
      const answer = await this.client.call<{ data: ResolvedApiKey }>(this.identityUrl, '/internal/api-keys/resolve', {
        body: { key },
        timeoutMs: 5_000,
      });
      return answer.data;
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      if (error instanceof AppError && error.code === 'FORBIDDEN') {
        throw new SmtpReply(535, '5.7.8', error.message, 'account_disabled');
      }
      throw error;
    }
  }
}
