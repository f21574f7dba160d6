// Under a log row's status (issue 21): what came back from the sender's mailbox — the bounce's code, a
// reply — and how many recipients the suppression list left out.
import type { EmailLog } from '../../api';

export function feedbackNoteText(email: Pick<EmailLog, 'status' | 'bounce' | 'repliedAt' | 'suppressed'>): string | null {
  const parts: string[] = [];
  if (email.bounce) {
    const who = email.bounce.recipient ? `${email.bounce.recipient} refused it` : 'Refused';
    parts.push(email.bounce.code ? `${who} (${email.bounce.code})` : who);
  }
  if (email.repliedAt) parts.push('Replied');
  // A fully suppressed email says so in its status already.
  if (email.status !== 'suppressed' && email.suppressed.length > 0) {
    parts.push(`${email.suppressed.length} suppressed recipient${email.suppressed.length === 1 ? '' : 's'} skipped`);
  }
  return parts.length ? parts.join(' · ') : null;
}

export function FeedbackNote({ email }: { email: EmailLog }) {
  const text = feedbackNoteText(email);
  if (!text) return null;
  return (
    <span className="mt-1 block text-xs text-slate-600" data-testid="feedback-note">
      {text}
    </span>
  );
}
