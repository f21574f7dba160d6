// What became of a set of accepted emails: their rows in mail.emails and their copies at the sink.

import { waitFor } from './client';
import type { FaultStack } from './fault-stack';

export interface EmailRowState {
  id: string;
  status: string;
  attempts: number;
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
  scheduledAt: Date | null;
}

export interface Outcome {
  accepted: number;
  delivered: number;
  failed: number;
  lost: number;
  duplicated: number;
  rows: Map<string, EmailRowState>;
  copies: Map<string, number>;
}

const FINAL = new Set(['sent', 'failed', 'cancelled']);

export async function rowsOf(fs: FaultStack, ids: string[]): Promise<Map<string, EmailRowState>> {
  const { rows } = await fs.db.query<EmailRowState>(
    `select id, status, attempts, error, created_at as "createdAt", sent_at as "sentAt", scheduled_at as "scheduledAt"
     from mail.emails where id = any($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Waits until every accepted email is sent, failed or cancelled (or the timeout passes). */
export async function waitUntilFinal(fs: FaultStack, ids: string[], timeoutMs = 90_000): Promise<void> {
  await waitFor(
    `${ids.length} emails to finish`,
    async () => {
      const rows = await rowsOf(fs, ids).catch(() => undefined);
      if (!rows) return undefined;
      return ids.every((id) => FINAL.has(rows.get(id)?.status ?? '')) ? true : undefined;
    },
    timeoutMs,
  ).catch(() => undefined);
}

/** accepted: email id → its unique recipient. Lost = accepted but not finished, or "sent" without a copy at the sink. */
export async function outcomeOf(fs: FaultStack, accepted: Map<string, string>): Promise<Outcome> {
  const ids = [...accepted.keys()];
  const rows = await rowsOf(fs, ids);
  const copies = new Map<string, number>();
  const wanted = new Set(accepted.values());
  for (const message of fs.sink.messages) {
    for (const to of message.envelopeTo) if (wanted.has(to)) copies.set(to, (copies.get(to) ?? 0) + 1);
  }
  let delivered = 0;
  let failed = 0;
  let lost = 0;
  let duplicated = 0;
  for (const [id, recipient] of accepted) {
    const row = rows.get(id);
    const count = copies.get(recipient) ?? 0;
    if (count > 0) delivered += 1;
    if (count > 1) duplicated += count - 1;
    if (row?.status === 'failed') failed += 1;
    if (!row || !FINAL.has(row.status) || (row.status === 'sent' && count === 0)) lost += 1;
  }
  return { accepted: accepted.size, delivered, failed, lost, duplicated, rows, copies };
}

export async function statusCounts(fs: FaultStack, ids: string[]): Promise<Record<string, number>> {
  const { rows } = await fs.db.query<{ status: string; n: string }>(
    'select status, count(*) as n from mail.emails where id = any($1::uuid[]) group by status',
    [ids],
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}
