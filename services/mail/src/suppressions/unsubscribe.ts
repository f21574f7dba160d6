// RFC 8058 one-click unsubscribe. The token names an email and is signed for its one recipient, so it cannot be
// made for another address; a valid POST suppresses that recipient for the email's owner (no login), records the
// unsubscribe once and sends `email.unsubscribed` once, however often the client posts.

import { withTransaction } from '@mailwright/kit';
import type pg from 'pg';
import {
  findUnsubscribeTarget,
  insertMailboxEvent,
  markUnsubscribed,
  type UnsubscribeTarget,
} from '../db/queries/mailbox-findings';
import { insertSuppression } from '../db/queries/suppressions';
import type { TrackingTokens } from '../tracking/tracking-token';
import type { WebhookEvents } from '../webhooks/webhook-events';
import { suppressionAddress } from './suppression-address';

export interface UnsubscribeDeps {
  pool: pg.Pool;
  tokens: TrackingTokens;
  webhooks: Pick<WebhookEvents, 'emit'>;
}

export interface UnsubscribeSubject {
  emailId: string;
  userId: string;
  recipient: string;
  sender: string;
}

/** Who the token unsubscribes from whom, or null for a malformed, forged or foreign token. */
export async function unsubscribeSubject(
  deps: Pick<UnsubscribeDeps, 'pool' | 'tokens'>,
  token: string,
): Promise<UnsubscribeSubject | null> {
  const emailId = deps.tokens.unsubscribeEmailId(token);
  const target: UnsubscribeTarget | null = emailId ? await findUnsubscribeTarget(deps.pool, emailId) : null;
  const recipient = target?.to[0];
  if (!target || !recipient || !target.unsubscribe || !deps.tokens.verifyUnsubscribe(token, recipient)) return null;
  return { emailId: target.id, userId: target.userId, recipient, sender: target.fromName || target.fromEmail };
}

/** Suppresses the token's recipient for the sender's owner. `source` tells a link's POST from a mailed request. */
export async function unsubscribe(
  deps: UnsubscribeDeps,
  token: string,
  source: 'one-click' | 'mailto',
): Promise<UnsubscribeSubject | null> {
  const subject = await unsubscribeSubject(deps, token);
  if (!subject) return null;
  const { emailId, userId } = subject;
  const address = suppressionAddress(subject.recipient);
  const first = await withTransaction(deps.pool, async (client) => {
    await insertMailboxEvent(client, {
      emailId,
      userId,
      type: 'unsubscribe',
      sourceId: source,
      detail: { recipient: address, source },
      occurredAt: new Date(),
    });
    await insertSuppression(client, { userId, email: address, reason: 'unsubscribe', emailId });
    return markUnsubscribed(client, emailId);
  });
  if (first) await deps.webhooks.emit([{ emailId, type: 'email.unsubscribed', extra: { recipient: address } }]);
  return subject;
}
