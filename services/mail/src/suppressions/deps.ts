// What the suppression list's use cases need.
import type { MailDatabase } from '../db/client';

export interface SuppressionDeps {
  db: MailDatabase;
}
