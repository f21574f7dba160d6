// Failures a reader tells the loop apart: the grant cannot read (reconnect), the access token ran out (fetch the
// access again), the provider asked to slow down beyond this turn (stop the turn, keep the cursor).

/** The grant lacks the read scope or was revoked: the account's state becomes needs_reconnect. */
export class MailboxNeedsReconnect extends Error {
  override readonly name = 'MailboxNeedsReconnect';
}

/** The access token was refused (expired): the loop fetches MailboxAccess again and retries once. */
export class MailboxAccessExpired extends Error {
  override readonly name = 'MailboxAccessExpired';
}

/** The provider asked for a pause longer than the turn has left. */
export class MailboxThrottled extends Error {
  override readonly name = 'MailboxThrottled';
  constructor(readonly retryAfterMs: number) {
    super(`the provider asked to wait ${Math.ceil(retryAfterMs / 1000)} s`);
  }
}
