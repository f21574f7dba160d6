// Mail to an account's owner, sent by identity (which knows the owner's address) through the platform's
// system mailer: POST /internal/users/:userId/notify { subject, text }.
import type { InternalClient } from '@mailwright/kit';

export interface OwnerNotice {
  subject: string;
  text: string;
}

export interface OwnerNotices {
  notify(userId: string, notice: OwnerNotice): Promise<void>;
}

export class IdentityOwnerNotices implements OwnerNotices {
  constructor(
    private readonly client: InternalClient,
    private readonly identityUrl: string,
  ) {}

  async notify(userId: string, notice: OwnerNotice): Promise<void> {
    await this.client.call(this.identityUrl, `/internal/users/${encodeURIComponent(userId)}/notify`, {
      method: 'POST',
      body: notice,
      timeoutMs: 10_000,
    });
  }
}
