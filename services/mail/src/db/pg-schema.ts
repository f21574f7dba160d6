// The Postgres schema the mail service owns. Kept outside schema/ on purpose: runMigrations creates the
// schema itself (its migrations table lives there), so a generated CREATE SCHEMA would fail.
import { pgSchema } from 'drizzle-orm/pg-core';

export const mail = pgSchema('mail');
