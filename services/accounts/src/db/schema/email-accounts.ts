// Sender mailboxes. The secret (SMTP password or OAuth refresh token) and the cached access token are
// sealed with SecretBox; `secret_key_id` names the key so rows can be found and resealed after a rotation.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../pg-schema';

export const emailAccounts = accounts.table(
  'email_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    provider: text('provider', { enum: ['smtp', 'gmail', 'outlook'] }).notNull(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    status: text('status', { enum: ['active', 'needs_reconnect'] })
      .notNull()
      .default('active'),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    smtpSecure: boolean('smtp_secure'),
    smtpUsername: text('smtp_username'),
    secretSealed: text('secret_sealed').notNull(),
    secretKeyId: text('secret_key_id').notNull(),
    accessTokenSealed: text('access_token_sealed'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    // The user's sender limit overrides (issue 20); null = the provider default.
    limitPerMinute: integer('limit_per_minute'),
    limitPerDay: integer('limit_per_day'),
    limitRecipientsPerDay: integer('limit_recipients_per_day'),
    // Sender health (issue 20): the mail worker pauses a sender the provider refuses; the owner resumes it.
    // A revoked OAuth grant is `status` needs_reconnect (read as health needs_reconnect / grant_revoked).
    healthState: text('health_state', { enum: ['active', 'paused', 'needs_reconnect'] })
      .notNull()
      .default('active'),
    healthReason: text('health_reason', {
      enum: ['auth_failed', 'grant_revoked', 'provider_rate_limited', 'provider_daily_limit'],
    }),
    healthDetail: text('health_detail'),
    healthSince: timestamp('health_since', { withTimezone: true }),
    /** A pause past this instant reads as active; null = until the owner edits, reconnects or resumes it. */
    healthResumesAt: timestamp('health_resumes_at', { withTimezone: true }),
    // Mailbox feedback (issue 21): reading bounces and replies back from the mailbox. New connections opt in;
    // rows from before the migration stay off.
    feedbackEnabled: boolean('feedback_enabled').notNull().default(false),
    /** SMTP accounts only; a null host means the defaults (the SMTP host and sign-in on port 993, TLS). */
    imapHost: text('imap_host'),
    imapPort: integer('imap_port'),
    imapSecure: boolean('imap_secure'),
    imapUsername: text('imap_username'),
    /** Sealed like secret_sealed and resealed with it; null = the SMTP password. */
    imapPasswordSealed: text('imap_password_sealed'),
    /** A new random id whenever the opt-in or the IMAP settings change, or the mailbox is reconnected. */
    feedbackGeneration: text('feedback_generation').notNull().default(sql`gen_random_uuid()::text`),
    /** What the mail worker last reported for this generation. */
    feedbackState: text('feedback_state', { enum: ['pending', 'reading', 'error', 'needs_reconnect'] })
      .notNull()
      .default('pending'),
    feedbackCheckedAt: timestamp('feedback_checked_at', { withTimezone: true }),
    feedbackError: text('feedback_error'),
    /** The OAuth scopes granted at the last connect; null = connected before scopes were recorded (send only). */
    grantedScopes: text('granted_scopes').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Exactly one default per user: at most one by this index, at least one by the use-cases (under a per-user lock).
    uniqueIndex('email_accounts_one_default_per_user').on(table.userId).where(sql`${table.isDefault}`),
    // Reconnecting a mailbox updates its row instead of adding a second one.
    uniqueIndex('email_accounts_user_provider_email').on(table.userId, table.provider, sql`lower(${table.email})`),
    index('email_accounts_user_created').on(table.userId, table.createdAt),
    index('email_accounts_secret_key_id').on(table.secretKeyId),
    // The mail worker pages through the mailboxes it reads.
    index('email_accounts_feedback_readers').on(table.id).where(sql`${table.feedbackEnabled}`),
  ],
);

export type EmailAccountRow = typeof emailAccounts.$inferSelect;
