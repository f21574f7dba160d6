// Records what one message in a sender's mailbox says about the emails that sender sent: a permanent bounce
// makes the email `bounced` and suppresses the recipient, a temporary one is an event only, a complaint
// suppresses, a reply is recorded with its from, subject, date and snippet, an unsubscribe request mailed back
// through List-Unsubscribe suppresses its recipient. Each is applied once per mailbox
// message (its source id), so reading a message again changes nothing; only emails this account sent for this
// user are touched, whatever the message claims.
import type { EmailBounce, WebhookEventType } from '@mailwright/contracts';
import { withTransaction } from '@mailwright/kit';
import { type FoundEmail, findMailboxEmails, insertMailboxEvent, markBounced, markReplied } from '../db/queries/mailbox-findings';
import { insertSuppression } from '../db/queries/suppressions';
import { suppressionAddress } from '../suppressions/suppression-address';
import { unsubscribe } from '../suppressions/unsubscribe';
import type { FeedbackDeps } from './deps';
import { ourEmailIds } from './our-email-ids';
import type { MailboxFinding } from './parse/classify-message';
import type { MailboxRef } from './read-turn';

type Event = { emailId: string; type: WebhookEventType; extra: Record<string, unknown> };

/** The email's own recipient the report names; without a name, the email's only recipient. */
function affectedRecipient(email: FoundEmail, reported: string | null): string | null {
  const recipients = [...email.to, ...email.cc, ...email.bcc];
  if (reported) return recipients.find((address) => suppressionAddress(address) === suppressionAddress(reported)) ?? null;
  return recipients.length === 1 ? (recipients[0] ?? null) : null;
}

export async function applyFinding(
  deps: FeedbackDeps,
  mailbox: MailboxRef,
  sourceId: string,
  finding: MailboxFinding,
): Promise<void> {
  if (finding.kind === 'unrelated') return;
  if (finding.kind === 'unsubscribe') return unsubscribeByMail(deps, mailbox, finding.token);
  const ids = ourEmailIds(finding.messageIds);
  const found = await findMailboxEmails(deps.pool, mailbox, ids);
  // The report's first id that is ours (a reply's In-Reply-To before its References).
  const email = ids.map((id) => found.find((row) => row.id === id)).find((row) => row !== undefined);
  if (!email) return;

  const events = await withTransaction<Event[]>(deps.pool, async (client) => {
    const base = { emailId: email.id, userId: email.userId, sourceId };
    if (finding.kind === 'bounce') {
      const recipient = affectedRecipient(email, finding.recipient);
      const bounce: EmailBounce = {
        type: 'hard',
        code: finding.code,
        diagnostic: finding.diagnostic,
        recipient: recipient ?? finding.recipient,
        at: finding.at.toISOString(),
      };
      const type = finding.permanent ? 'bounce' : 'delay';
      if (!(await insertMailboxEvent(client, { ...base, type, detail: { ...bounce }, occurredAt: finding.at }))) return [];
      if (!finding.permanent) return [];
      if (recipient) {
        await insertSuppression(client, {
          userId: email.userId,
          email: suppressionAddress(recipient),
          reason: 'hard_bounce',
          emailId: email.id,
        });
      }
      return (await markBounced(client, email.id, bounce))
        ? [{ emailId: email.id, type: 'email.bounced', extra: { bounce } }]
        : [];
    }
    if (finding.kind === 'complaint') {
      const recipient = affectedRecipient(email, finding.recipient);
      const detail = { recipient: recipient ?? finding.recipient };
      if (!(await insertMailboxEvent(client, { ...base, type: 'complaint', detail, occurredAt: finding.at }))) return [];
      if (recipient) {
        await insertSuppression(client, {
          userId: email.userId,
          email: suppressionAddress(recipient),
          reason: 'complaint',
          emailId: email.id,
        });
      }
      return [];
    }
    const reply = { from: finding.from, subject: finding.subject, date: finding.date.toISOString(), snippet: finding.snippet };
    if (!(await insertMailboxEvent(client, { ...base, type: 'reply', detail: { ...reply }, occurredAt: finding.date })))
      return [];
    return (await markReplied(client, email.id, reply, finding.date))
      ? [{ emailId: email.id, type: 'email.replied', extra: { reply } }]
      : [];
  });
  if (events.length > 0) await deps.webhooks.emit(events);
}

/** A List-Unsubscribe mailto found in this sender's mailbox: honoured for this sender's own emails only. */
async function unsubscribeByMail(deps: FeedbackDeps, mailbox: MailboxRef, token: string): Promise<void> {
  const emailId = deps.tokens.unsubscribeEmailId(token);
  if (!emailId || (await findMailboxEmails(deps.pool, mailbox, [emailId])).length === 0) return;
  await unsubscribe(deps, token, 'mailto');
}
