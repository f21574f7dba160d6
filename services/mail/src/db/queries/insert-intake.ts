// Many accepted emails in ONE statement: the quota units of each (user, month) group are taken together, and
// a group's emails are inserted only when all of them fit. Emails of a group that does not fit are not stored
// here; the caller retries them one by one (insertEmailWithQuota), so a user near the limit still gets exactly
// the emails that fit, as with single sends. The same statement checks the suppression list: an email with a
// listed recipient is not stored here either (nor counted in its group), and the caller stores it once the
// listed recipients are left out, so the common send (no one listed) takes one round trip, not two.
// Its rows are made here (storedRowOf) rather than read back: the statement gives each row's created_at and
// updated_at and returns only the ids stored. node-postgres builds a row template for every result's 46 fields
// (12 µs) and then parses each value; without that the mail service's CPU per statement went down by a fifth for one
// email and by a third for ten (issue 25, round 35).
import type pg from 'pg';
import { recipientAddresses } from '../../suppressions/suppression-address';
import type { EmailRow } from '../schema/emails';
import { emailInsertRecord, type NewEmail, STORED_ROW_COLUMN_NAMES, STORED_ROW_COLUMNS, storedRowOf } from './new-email';

const INSERT_INTAKE = `
WITH wanted AS (
  SELECT * FROM jsonb_populate_recordset(null::mail.emails, $4::jsonb)
), listed AS (
  SELECT DISTINCT w.email_id
  FROM unnest($5::uuid[], $6::uuid[], $7::text[]) AS w(email_id, user_id, address)
  JOIN mail.suppressions s ON s.user_id = w.user_id AND s.email = w.address
), clear AS (
  SELECT * FROM wanted r WHERE NOT EXISTS (SELECT 1 FROM listed WHERE listed.email_id = r.id)
), quota AS (
  INSERT INTO mail.quota_usage AS q (user_id, month, used, email_limit)
  SELECT g.user_id, g.month, c.n, g.email_limit
  FROM unnest($1::uuid[], $2::text[], $3::int[]) AS g(user_id, month, email_limit)
  JOIN (SELECT user_id, quota_month, count(*)::int AS n FROM clear GROUP BY user_id, quota_month) AS c
    ON c.user_id = g.user_id AND c.quota_month = g.month
  WHERE g.email_limit = -1 OR c.n <= g.email_limit
  ON CONFLICT (user_id, month) DO UPDATE
    SET used = q.used + excluded.used, email_limit = excluded.email_limit, updated_at = now()
    WHERE excluded.email_limit = -1 OR q.used + excluded.used <= excluded.email_limit
  RETURNING q.user_id, q.month
), stored AS (
  INSERT INTO mail.emails AS e ${STORED_ROW_COLUMNS}
  SELECT ${STORED_ROW_COLUMN_NAMES.map((name) => `r."${name}"`).join(', ')}
  FROM clear AS r
  JOIN quota ON quota.user_id = r.user_id AND quota.month = r.quota_month
  RETURNING e.id
)
SELECT id FROM stored`;

export interface IntakeItem {
  email: NewEmail;
  monthlyLimit: number;
}

interface QuotaGroup {
  userId: string;
  month: string;
  limit: number;
}

function quotaGroups(items: IntakeItem[]): QuotaGroup[] {
  const groups = new Map<string, QuotaGroup>();
  // The newest entitlement read wins, as it would for the single statement that came last.
  for (const { email, monthlyLimit } of items) {
    groups.set(`${email.userId}/${email.quotaMonth}`, { userId: email.userId, month: email.quotaMonth, limit: monthlyLimit });
  }
  return [...groups.values()];
}

/** Each email's recipients as (email id, user id, address) columns, for the statement's suppression check. */
function recipientColumns(items: IntakeItem[]): [string[], string[], string[]] {
  const columns: [string[], string[], string[]] = [[], [], []];
  for (const { email } of items) {
    for (const address of recipientAddresses(email)) {
      columns[0].push(email.id);
      columns[1].push(email.userId);
      columns[2].push(address);
    }
  }
  return columns;
}

/**
 * The stored rows by email id. An email missing from the map was not stored: a recipient of it is on the suppression
 * list, or its group's quota did not fit.
 */
export async function insertIntake(executor: pg.Pool | pg.PoolClient, items: IntakeItem[]): Promise<Map<string, EmailRow>> {
  const groups = quotaGroups(items);
  const createdAt = new Date();
  const { rows } = await executor.query<{ id: string }>({
    name: 'mail_insert_intake',
    text: INSERT_INTAKE,
    values: [
      groups.map((group) => group.userId),
      groups.map((group) => group.month),
      groups.map((group) => group.limit),
      JSON.stringify(items.map((item) => emailInsertRecord(item.email, createdAt))),
      ...recipientColumns(items),
    ],
  });
  const stored = new Set(rows.map((row) => row.id));
  return new Map(
    items.filter((item) => stored.has(item.email.id)).map((item) => [item.email.id, storedRowOf(item.email, createdAt)]),
  );
}
