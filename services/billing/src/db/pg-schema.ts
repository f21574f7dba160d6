// The Postgres schema billing owns; no other service reads these tables. It lives outside
// schema/ on purpose: drizzle-kit would emit CREATE SCHEMA for an exported pgSchema found there,
// and kit's runMigrations already creates the schema (its migrations table lives inside it).
import { pgSchema } from 'drizzle-orm/pg-core';

export const billingSchema = pgSchema('billing');
