// The emails of one test file's senders as the delivery engine leaves them: their status, hold and sending account.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Harness } from './harness';

export interface Row {
  id: string;
  status: string;
  holdReason: string | null;
  holdUntil: Date | null;
  sentAt: Date | null;
  emailAccountId: string;
  fromEmail: string;
  attempts: number;
}

export function senderRows(h: Harness) {
  async function rows(ids: string[]): Promise<Row[]> {
    const { rows: found } = await h.pool.query<Row>(
      `SELECT id, status, hold_reason AS "holdReason", hold_until AS "holdUntil", sent_at AS "sentAt",
              email_account_id AS "emailAccountId", from_email AS "fromEmail", attempts
       FROM mail.emails WHERE id = ANY($1) ORDER BY sent_at NULLS LAST, id`,
      [ids],
    );
    return found;
  }

  /** Sends `count` emails one after another, each to a recipient of its own; resolves with their ids. */
  async function sendMany(userId: string, count: number, extra: Record<string, unknown> = {}): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const response = await h.send(userId, { to: [`r${i}-${randomUUID()}@example.net`], subject: `S${i}`, body: 'b', ...extra });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().data._id as string);
    }
    return ids;
  }

  const countSent = async (ids: string[]) => (await rows(ids)).filter((row) => row.status === 'sent').length;
  return { rows, sendMany, countSent };
}
