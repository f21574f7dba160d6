// What storing emails and adding their send jobs needs.
import type pg from 'pg';
import type { EmailIntake } from './email-intake';
import type { SendProducer } from './send-producer';
import type { SuppressionLookups } from './suppression-lookups';

export interface OutboxDeps {
  pool: pg.Pool;
  /** Stores plain emails of concurrent requests together (email-intake.ts). */
  intake: EmailIntake;
  producer: SendProducer;
  /** Leaves listed recipients out of the emails the intake does not store (it checks its own in its statement). */
  suppressions: SuppressionLookups;
}
