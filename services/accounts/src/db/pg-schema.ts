// The Postgres schema accounts owns. Kept outside schema/ on purpose: runMigrations creates the schema
// itself (the migrations table lives in it), so a generated CREATE SCHEMA would fail.
import { pgSchema } from 'drizzle-orm/pg-core';

export const accounts = pgSchema('accounts');
