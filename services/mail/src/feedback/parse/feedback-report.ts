// An RFC 5965 message/feedback-report part (ARF). Only abuse, fraud and other reports are complaints about the
// mail; not-spam, virus and auth-failure reports say something else and are left alone.
import { firstAddressIn } from './addresses';
import { fieldValue, readHeaderFields } from './mime/header-fields';

const COMPLAINT_TYPES = new Set(['abuse', 'fraud', 'other']);

export interface FeedbackReport {
  recipient: string | null;
  arrivalDate: string | null;
}

export function readFeedbackReport(text: string): FeedbackReport | null {
  const fields = readHeaderFields(text);
  const type = fieldValue(fields, 'feedback-type').trim().toLowerCase();
  if (!COMPLAINT_TYPES.has(type)) return null;
  const recipient = firstAddressIn(fieldValue(fields, 'original-rcpt-to').slice(0, 2_000));
  const arrivalDate = fieldValue(fields, 'arrival-date') || fieldValue(fields, 'received-date');
  return { recipient, arrivalDate: arrivalDate || null };
}
