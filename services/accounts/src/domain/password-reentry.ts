// A stored SMTP password only ever goes to the server it was typed for. An edit that changes where it goes
// (host, port) or whom it authenticates (username) with the password left blank would verify the stored
// secret against a server of the editor's choosing, so such an edit must carry the password again.
import { PASSWORD_REENTRY_MESSAGE } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { SmtpSettings } from './smtp-settings';

interface StoredTarget {
  smtpHost: string | null;
  smtpPort: number | null;
  smtpUsername: string | null;
}

/** True when the settings would send the password somewhere else than the stored account does. */
export function changesPasswordTarget(stored: StoredTarget, next: Pick<SmtpSettings, 'host' | 'port' | 'username'>): boolean {
  return (
    (stored.smtpHost ?? '').toLowerCase() !== next.host.toLowerCase() ||
    stored.smtpPort !== next.port ||
    (stored.smtpUsername ?? '') !== next.username
  );
}

export function assertPasswordReentered(
  stored: StoredTarget,
  next: Pick<SmtpSettings, 'host' | 'port' | 'username'>,
  hasNewPassword: boolean,
): void {
  if (!hasNewPassword && changesPasswordTarget(stored, next)) throw new AppError('VALIDATION_ERROR', PASSWORD_REENTRY_MESSAGE);
}
