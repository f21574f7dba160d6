// One row per template a user keeps; `variables` is recomputed from subject and body on every save.
import { sql } from 'drizzle-orm';
import { boolean, index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Not exported on purpose: drizzle-kit would then emit CREATE SCHEMA, but kit's runMigrations
// creates the schema first (it holds the migrations table), so that statement would fail.
const templatesSchema = pgSchema('templates');

export const templates = templatesSchema.table(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    category: text('category').notNull().default('general'),
    variables: text('variables').array().notNull().default(sql`'{}'::text[]`),
    unsubscribe: boolean('unsubscribe').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('templates_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc())],
);

export type TemplateRow = typeof templates.$inferSelect;
