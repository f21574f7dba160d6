// Many accepted emails in ONE statement: the quota units of each (user, month) group are taken together, and
// a group's emails are inserted only when all of them fit. Emails of a group that does not fit are not stored
// here; the caller retries them one by one (insertEmailWithQuota), so a user near the limit still gets exactly
// the emails that fit, as with single sends.
import type pg from 'pg';
import type { EmailRow } from '../schema/emails';
import { emailColumnsOf } from './email-columns';
import { emailInsertRecord, INSERT_COLUMN_NAMES, INSERT_COLUMNS, type NewEmail } from './new-email';

const INSERT_INTAKE = `
WITH quota AS (
  INSERT INTO mail.quota_usage AS q (user_id, month, used, email_limit)
  SELECT g.user_id, g.month, g.n, g.email_limit
  FROM unnest($1::uuid[], $2::text[], $3::int[], $4::int[]) AS g(user_id, month, n, email_limit)
  WHERE g.email_limit = -1 OR g.n <= g.email_limit
  ON CONFLICT (user_id, month) DO UPDATE
    SET used = q.used + excluded.used, email_limit = excluded.email_limit, updated_at = now()
    WHERE excluded.email_limit = -1 OR q.used + excluded.used <= excluded.email_limit
  RETURNING q.user_id, q.month
), stored AS (
  INSERT INTO mail.emails AS e ${INSERT_COLUMNS}
  SELECT ${INSERT_COLUMN_NAMES.map((name) => `r."${name}"`).join(', ')}
  FROM jsonb_populate_recordset(null::mail.emails, $5::jsonb) AS r
  JOIN quota ON quota.user_id = r.user_id AND quota.month = r.quota_month
  RETURNING e.*
)
SELECT ${emailColumnsOf('stored')} FROM stored`;

export interface IntakeItem {
  email: NewEmail;
  monthlyLimit: number;
}

interface QuotaGroup {
  userId: string;
  month: string;
  count: number;
  limit: number;
}

function quotaGroups(items: IntakeItem[]): QuotaGroup[] {
  const groups = new Map<string, QuotaGroup>();
  for (const { email, monthlyLimit } of items) {
    const key = `${email.userId}/${email.quotaMonth}`;
    const group = groups.get(key);
    // The newest entitlement read wins, as it would for the single statement that came last.
    if (group) Object.assign(group, { count: group.count + 1, limit: monthlyLimit });
    else groups.set(key, { userId: email.userId, month: email.quotaMonth, count: 1, limit: monthlyLimit });
  }
  return [...groups.values()];
}

/** The stored rows by email id; an email missing from the map was not stored because its group's quota did not fit. */
export async function insertIntake(executor: pg.Pool | pg.PoolClient, items: IntakeItem[]): Promise<Map<string, EmailRow>> {
  const groups = quotaGroups(items);
  const { rows } = await executor.query<EmailRow>({
    name: 'mail_insert_intake',
    text: INSERT_INTAKE,
    values: [
      groups.map((group) => group.userId),
      groups.map((group) => group.month),
      groups.map((group) => group.count),
      groups.map((group) => group.limit),
      JSON.stringify(items.map((item) => emailInsertRecord(item.email))),
    ],
  });
  return new Map(rows.map((row) => [row.id, row]));
}
