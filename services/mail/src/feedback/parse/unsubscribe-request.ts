// The List-Unsubscribe mailto (delivery/compose-message.ts) brings the recipient's request back into the sender's
// own mailbox with the subject `unsubscribe <token>`; the token, not the From, decides whom it unsubscribes.
import { UNSUBSCRIBE_SUBJECT_PREFIX } from '@mailwright/contracts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The token of an unsubscribe request's subject, or null. */
export function unsubscribeToken(subject: string): string | null {
  const trimmed = subject.trim().slice(0, 200);
  if (trimmed.slice(0, UNSUBSCRIBE_SUBJECT_PREFIX.length).toLowerCase() !== UNSUBSCRIBE_SUBJECT_PREFIX) return null;
  const token = trimmed.slice(UNSUBSCRIBE_SUBJECT_PREFIX.length).trim();
  return TOKEN.test(token) ? token : null;
}
