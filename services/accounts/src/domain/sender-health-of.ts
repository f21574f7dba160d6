// An account row's sender health (issue 20). A revoked OAuth grant (`status` needs_reconnect, set when a token
// refresh is refused) always reads as needs_reconnect / grant_revoked; a pause whose resumesAt has passed reads
// as active, so a provider's suspension ends without anyone writing the row.
import { ACTIVE_HEALTH, type SenderHealth } from '@mailwright/contracts';
import type { EmailAccountRow } from '../db/tables';

type HealthColumns = Pick<
  EmailAccountRow,
  'status' | 'healthState' | 'healthReason' | 'healthDetail' | 'healthSince' | 'healthResumesAt'
>;

/** The columns that make a sender active again (resume, SMTP edit, reconnect, limits edit). */
export const ACTIVE_HEALTH_COLUMNS = {
  healthState: 'active',
  healthReason: null,
  healthDetail: null,
  healthSince: null,
  healthResumesAt: null,
} as const satisfies Partial<EmailAccountRow>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** What the health columns alone say: what the mail worker reported (a report answers `changed` against this). */
export function reportedHealthOf(row: HealthColumns, now = new Date()): SenderHealth {
  if (row.healthState === 'active') return { ...ACTIVE_HEALTH };
  if (row.healthState === 'paused' && row.healthResumesAt && row.healthResumesAt.getTime() <= now.getTime()) {
    return { ...ACTIVE_HEALTH };
  }
  return {
    state: row.healthState,
    reason: row.healthReason,
    detail: row.healthDetail,
    since: iso(row.healthSince),
    resumesAt: iso(row.healthResumesAt),
  };
}

/** The health the user and the mail worker see. */
export function senderHealthOf(row: HealthColumns, now = new Date()): SenderHealth {
  if (row.status !== 'needs_reconnect') return reportedHealthOf(row, now);
  const reported = row.healthState === 'needs_reconnect';
  return {
    state: 'needs_reconnect',
    reason: 'grant_revoked',
    detail: reported ? row.healthDetail : null,
    since: reported ? iso(row.healthSince) : null,
    resumesAt: null,
  };
}

export const isSending = (row: HealthColumns, now = new Date()) => senderHealthOf(row, now).state === 'active';
