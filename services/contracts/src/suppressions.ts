// The suppression list (issue 21): per user, the addresses no email is delivered to. Hard bounces, complaints
// and one-click unsubscribes add to it; the user adds, removes, imports and exports.
import { type Static, Type } from '@sinclair/typebox';
import { EmailAddress } from './common';

export const SuppressionReason = Type.Union([
  Type.Literal('hard_bounce'),
  Type.Literal('complaint'),
  Type.Literal('unsubscribe'),
  Type.Literal('manual'),
]);
export type SuppressionReason = Static<typeof SuppressionReason>;

export const SUPPRESSION_REASON_LABELS: Record<SuppressionReason, string> = {
  hard_bounce: 'Hard bounce',
  complaint: 'Spam complaint',
  unsubscribe: 'Unsubscribed',
  manual: 'Added manually',
};

export const Suppression = Type.Object({
  email: Type.String(),
  reason: SuppressionReason,
  createdAt: Type.String(),
  /** The email whose bounce, complaint or unsubscribe put the address here. */
  emailId: Type.Optional(Type.String()),
});
export type Suppression = Static<typeof Suppression>;

export const SUPPRESSION_LIMITS = {
  importMaxRows: 100_000,
  /** A CSV upload's byte limit at the gateway and the service (100,000 rows of long addresses fit). */
  importMaxBytes: 32 * 1024 * 1024,
  searchMaxChars: 254,
} as const;

/** GET /suppressions */
export const ListSuppressionsQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: SUPPRESSION_LIMITS.searchMaxChars })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type ListSuppressionsQuery = Static<typeof ListSuppressionsQuery>;

/** POST /suppressions (reason manual). */
export const AddSuppressionBody = Type.Object(
  { email: EmailAddress },
  { additionalProperties: false, examples: [{ email: 'gone@example.com' }] },
);
export type AddSuppressionBody = Static<typeof AddSuppressionBody>;

/** POST /suppressions/import answer: CSV rows read, addresses added, and rows skipped with their line numbers. */
export const SuppressionImportResult = Type.Object({
  rows: Type.Integer(),
  added: Type.Integer(),
  alreadyListed: Type.Integer(),
  invalid: Type.Integer(),
  /** The first invalid lines (up to 20), 1-based, with what was wrong. */
  errors: Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() })),
});
export type SuppressionImportResult = Static<typeof SuppressionImportResult>;

export const SUPPRESSION_MESSAGES = {
  notFound: 'This address is not on your suppression list',
  added: 'Address added to your suppression list',
  removed: 'Address removed from your suppression list',
  importTooManyRows: `A suppression import holds at most ${SUPPRESSION_LIMITS.importMaxRows.toLocaleString('en-US')} rows`,
  importTooLarge: `A suppression import may be at most ${SUPPRESSION_LIMITS.importMaxBytes / (1024 * 1024)} MB`,
  importNotCsv: 'Upload a CSV file (text/csv) with one email address per row',
  unsubscribeOneRecipient:
    'One-click unsubscribe needs exactly one recipient (to, without cc or bcc): send one email per recipient',
  allSuppressed: 'Every recipient is on your suppression list: the email was not sent',
} as const;

/** The public one-click unsubscribe endpoint (RFC 8058): `/u/<token>` at the gateway; GET shows a page, POST suppresses. */
export const UNSUBSCRIBE_PATH_PREFIX = '/u/';
/** The List-Unsubscribe mailto's subject: this prefix and the token. The reply lands in the sender's own mailbox. */
export const UNSUBSCRIBE_SUBJECT_PREFIX = 'unsubscribe ';
