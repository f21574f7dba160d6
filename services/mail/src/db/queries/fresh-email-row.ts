// An email row as an insert leaves it: what the insert set, the table's defaults for every other column, and the
// times the database stamped. The intake statement returns only those times instead of every column: parsing
// forty columns of each stored row was about a twentieth of the mail service's CPU under load. A test holds this
// list to the table (fresh-email-row.test.ts), and the type makes a new column fail to compile until it is here.
import type { EmailRow } from '../schema/emails';
import type { NewEmail } from './new-email';

export interface InsertStamps {
  createdAt: Date;
  updatedAt: Date;
}

export function freshEmailRow(email: NewEmail, { createdAt, updatedAt }: InsertStamps): EmailRow {
  return {
    ...email,
    error: null,
    sentAt: null,
    attempts: 0,
    claimToken: null,
    claimedAt: null,
    opened: false,
    openedAt: null,
    clicked: false,
    clickedAt: null,
    holdReason: null,
    holdUntil: null,
    bounce: null,
    repliedAt: null,
    reply: null,
    unsubscribedAt: null,
    createdAt,
    updatedAt,
  };
}
