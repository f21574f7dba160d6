import { describe, expect, it } from 'vitest';
import { newEmail } from '../../../test/support/new-email';
import type { EmailRow } from '../schema/emails';
import { emailInsertRecord, INSERT_COLUMN_NAMES, type NewEmail, STORED_ROW_COLUMN_NAMES, storedRowOf } from './new-email';

/** An email whose every value differs from the others and from every default, so a value not carried over shows. */
function distinctEmail(): NewEmail {
  const email = newEmail('user', 'account');
  return Object.fromEntries(Object.keys(email).map((key, index) => [key, `value-${index}`])) as unknown as NewEmail;
}

describe('the row an insert stores', () => {
  it('storedRowOf carries every value of the email and the given time as created_at and updated_at', () => {
    const email = distinctEmail();
    const at = new Date('2026-12-02T05:00:00.123Z');
    const row = storedRowOf(email, at);
    for (const key of Object.keys(email)) expect(row[key as keyof EmailRow], key).toBe(email[key as keyof NewEmail]);
    expect(row.createdAt).toBe(at);
    expect(row.updatedAt).toBe(at);
  });

  it('emailInsertRecord keys the values by column, in insert order, with the two times when given', () => {
    const email = distinctEmail();
    expect(Object.keys(emailInsertRecord(email))).toEqual(INSERT_COLUMN_NAMES);
    const at = new Date();
    const record = emailInsertRecord(email, at);
    expect(Object.keys(record)).toEqual(STORED_ROW_COLUMN_NAMES);
    expect(record.user_id).toBe(email.userId);
    expect([record.created_at, record.updated_at]).toEqual([at, at]);
  });
});
