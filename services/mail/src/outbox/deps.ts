// What storing emails and adding their send jobs needs.
import type pg from 'pg';
import type { EmailIntake } from './email-intake';
import type { SendProducer } from './send-producer';

export interface OutboxDeps {
  pool: pg.Pool;
  /** Stores plain emails of concurrent requests together (email-intake.ts). */
  intake: EmailIntake;
  producer: SendProducer;
}
