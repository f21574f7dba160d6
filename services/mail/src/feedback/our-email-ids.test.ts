import { describe, expect, it } from 'vitest';
import { ourEmailIds } from './our-email-ids';

describe('ourEmailIds', () => {
  it('reads the email id out of our Message-IDs only', () => {
    const id = '0b8c3a5e-1d2f-4a6b-9c8d-7e6f5a4b3c2d';
    expect(
      ourEmailIds([
        `<${id}@mailwright>`,
        `<${id.toUpperCase()}@MAILWRIGHT>`,
        '<CAF=abc@mail.gmail.com>',
        '<not-a-uuid@mailwright>',
        `${id}@mailwright`,
        `<${id}@mailwright.example>`,
      ]),
    ).toEqual([id]);
  });
});
