// The suppression check of the sends the intake statement does not store (that statement checks its emails
// itself: insert-intake.ts), batched: lookups arriving while one statement is in flight go together in the next
// (one round trip for many concurrent sends or a whole batch request, instead of one each). A lone lookup
// goes on the next tick, so a quiet moment pays no waiting. When the shared statement fails (one send's address
// Postgres refuses, say), each lookup runs alone, so only that send fails.
import { MicroBatcher } from '@mailwright/kit';
import type pg from 'pg';
import type { NewEmail } from '../db/queries/insert-email';
import { findSuppressedMany, type SuppressionLookup } from '../db/queries/suppressions';
import { recipientAddresses } from '../suppressions/suppression-address';
import { withoutSuppressed } from './recipient-suppressions';

export class SuppressionLookups {
  private readonly batcher: MicroBatcher<SuppressionLookup, string[] | Error>;

  constructor(pool: pg.Pool) {
    this.batcher = new MicroBatcher<SuppressionLookup, string[] | Error>(
      async (lookups) => {
        try {
          return await findSuppressedMany(pool, lookups);
        } catch (error) {
          if (lookups.length === 1) throw error;
          return Promise.all(
            lookups.map((lookup) =>
              findSuppressedMany(pool, [lookup]).then(
                ([found]) => found ?? [],
                (alone: unknown) => (alone instanceof Error ? alone : new Error(String(alone))),
              ),
            ),
          );
        }
      },
      { maxBatch: 200, maxInFlight: 2 },
    );
  }

  /** Which of these (lower-cased) addresses the user has suppressed. */
  find(userId: string, addresses: readonly string[]): Promise<string[]> {
    if (addresses.length === 0) return Promise.resolve([]);
    return this.batcher.push({ userId, addresses }).then((found) => {
      if (found instanceof Error) throw found;
      return found;
    });
  }

  /** The email as stored: its listed recipients left out (recipient-suppressions.ts). */
  async screen(email: NewEmail): Promise<NewEmail> {
    return withoutSuppressed(email, await this.find(email.userId, recipientAddresses(email)));
  }
}
