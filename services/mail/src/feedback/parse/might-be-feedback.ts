// A cheap look at a message's headers (what the Gmail API's metadata format, Graph's message properties and
// IMAP's ENVELOPE give without the body) so readers fetch full bodies only for candidates: any report
// (multipart/report covers RFC 3464 DSNs and RFC 5965 ARF), anything that looks like a prose bounce, and any
// message that answers one of ours.
import { hasBounceSubject, isDaemonSender } from './bounce-signals';
import { messageIdsIn } from './message-ids';
import { unsubscribeToken } from './unsubscribe-request';

/** The few headers that decide whether a message is worth downloading whole. */
export interface HeaderSummary {
  from: string;
  subject: string;
  contentType: string;
  inReplyTo: string;
  references: string;
  autoSubmitted?: string;
  xFailedRecipients?: string;
}

/**
 * The domain of the Message-IDs Mailwright gives the emails it sends (`<uuid@mailwright>`, see
 * sending/prepare-email.ts). Only a message whose thread names one of them can be a reply worth reading.
 */
export const OUR_MESSAGE_ID_DOMAIN = 'mailwright';

export function mightBeFeedback(headers: HeaderSummary): boolean {
  if (headers.contentType.trim().slice(0, 40).toLowerCase().startsWith('multipart/report')) return true;
  if ((headers.xFailedRecipients ?? '').trim() !== '') return true;
  if (hasBounceSubject(headers.subject) || isDaemonSender(headers.from)) return true;
  if (unsubscribeToken(headers.subject)) return true;
  return repliesToOurs(headers.inReplyTo) || repliesToOurs(headers.references);
}

function repliesToOurs(value: string): boolean {
  return messageIdsIn(value.slice(0, 64_000)).some((id) => id.endsWith(`@${OUR_MESSAGE_ID_DOMAIN}>`));
}
