// The Postgres schema identity owns. Kept outside schema/ on purpose: drizzle-kit only emits
// CREATE SCHEMA for an exported pgSchema it finds there, and runMigrations creates the schema
// itself (the migrations table lives in it), so a generated CREATE SCHEMA would fail.
import { pgSchema } from 'drizzle-orm/pg-core';

export const identity = pgSchema('identity');
