// One email stored with its quota unit and whatever it carries (attachment bytes, the message as submitted over SMTP,
// an Idempotency-Key claim) by one statement (insert-email-alone.ts): one round trip. Two concurrent requests with
// one key store one email: the second waits on the key's row lock, fails, and replays the first answer.
// The answer a retry replays is made before the row exists, from the row the statement will store (storedRowOf):
// the caller's (SMTP: the id and status), or the email as the API shows it.
import type pg from 'pg';
import { findIdempotency, isKeyHeld, releaseExpiredKey } from '../db/queries/idempotency';
import { insertEmailAlone } from '../db/queries/insert-email-alone';
import { storedRowOf } from '../db/queries/new-email';
import type { EmailRow } from '../db/schema/emails';
import type { AcceptItem, AcceptResult, Idempotency } from './accept-types';
import { serializeEmail } from './serialize-email';

export async function storeOne(
  pool: pg.Pool,
  { email, attachments, source }: AcceptItem,
  /** null: the email takes no quota unit (a suppressed email, never sent). */
  monthlyLimit: number | null,
  idempotency: Idempotency | null,
): Promise<AcceptResult> {
  const createdAt = new Date();
  const claim = idempotency && {
    key: idempotency.key,
    bodyHash: idempotency.bodyHash,
    ...(idempotency.answerBeforeStore ?? apiAnswer)(storedRowOf(email, createdAt)),
  };
  const alone = { email, createdAt, monthlyLimit, attachments, source: source ?? null, claim };
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await insertEmailAlone(pool, alone);
      if (row) return { kind: 'stored', rows: [row] };
      // Over the monthly limit: a retry of an email that was stored still replays it.
      const seen = idempotency && (await findIdempotency(pool, email.userId, idempotency.key));
      return seen ? { kind: 'replay', seen } : { kind: 'quota_exceeded' };
    } catch (error) {
      if (!idempotency || !isKeyHeld(error)) throw error;
      const seen = await findIdempotency(pool, email.userId, idempotency.key);
      if (seen) return { kind: 'replay', seen };
      // The key was claimed more than 24 hours ago: free again, once.
      if (attempt > 1) throw error;
      await releaseExpiredKey(pool, email.userId, idempotency.key);
    }
  }
}

/** What POST /emails/api/send answers: 201 and the email. */
const apiAnswer = (row: EmailRow) => ({ statusCode: 201, response: serializeEmail(row) });
