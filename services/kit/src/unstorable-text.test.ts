import { describe, expect, it } from 'vitest';
import { isUnstorableText } from './unstorable-text';

describe('isUnstorableText', () => {
  it('recognises a NUL character refused by Postgres, wrapped by drizzle', () => {
    const pgError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    expect(isUnstorableText(Object.assign(new Error('Failed query: update ...'), { cause: pgError }))).toBe(true);
  });

  it('leaves other database errors alone', () => {
    expect(isUnstorableText(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});
