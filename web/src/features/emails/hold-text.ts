// What a held email says (issue 20): why it waits (the contracts' HOLD_REASON_LABELS) and when it is
// expected to go, in the email's own zone like its other times ('expected 14:05 IST'), or
// 'when the sender resumes' when the sender is paused with no known end.
import { HOLD_REASON_LABELS } from '@mailwright/contracts';
import type { EmailHold } from '../../api';
import { formatEmailClock } from './format-email-time';

export const HOLD_UNTIL_RESUMED = 'when the sender resumes';

export function holdLabel(hold: EmailHold): string {
  return Object.hasOwn(HOLD_REASON_LABELS, hold.reason) ? HOLD_REASON_LABELS[hold.reason] : 'Held';
}

export function holdExpected(hold: EmailHold, timeZone?: string | null, now: Date = new Date()): string {
  const when = formatEmailClock(hold.until, timeZone, now);
  return when ? `expected ${when}` : HOLD_UNTIL_RESUMED;
}

/** One line: 'Held: the sender's daily limit — expected 14:05 IST'. */
export function holdText(hold: EmailHold, timeZone?: string | null, now: Date = new Date()): string {
  return `${holdLabel(hold)} — ${holdExpected(hold, timeZone, now)}`;
}
