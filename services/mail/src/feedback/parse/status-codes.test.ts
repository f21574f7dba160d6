import { describe, expect, it } from 'vitest';
import { addressesIn } from './addresses';
import { isPermanentCode, statusCodesIn } from './status-codes';

describe('status codes in a line', () => {
  it.each([
    ['550 5.1.1 <x@y.example>: User unknown', '5.1.1', '550'],
    ["Remote Server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound'", '5.1.10', '550'],
    ['550-5.1.1 The email account that you tried to reach does not exist', '5.1.1', '550'],
    ['Sorry, no mailbox here by that name. (#5.1.1)', '5.1.1', null],
    ['452 Too many recipients', null, '452'],
    ['421 4.7.0 Try again later', '4.7.0', '421'],
  ])('reads %s', (line, enhanced, reply) => {
    expect(statusCodesIn(line)).toEqual({ enhanced, reply });
  });

  it.each([
    'host mx.example.net [198.51.100.7]',
    'id 41be03b00d2f7-7c6f4a5e1b2sor123456a12.123.2025.01.17.02.15.33',
    'TLS1.3 version 5.1.1.4',
    'You have 3 meetings; 5500 people; code 5501',
  ])('finds no code in %s', (line) => {
    expect(statusCodesIn(line)).toEqual({ enhanced: null, reply: null });
  });

  it('tells permanent from temporary codes', () => {
    expect(isPermanentCode('5.1.1')).toBe(true);
    expect(isPermanentCode('552')).toBe(true);
    expect(isPermanentCode('4.4.7')).toBe(false);
    expect(isPermanentCode('2.0.0')).toBeNull();
  });
});

describe('addresses in a line', () => {
  it('finds addresses in bounce lines, lower-cased', () => {
    expect(addressesIn('SMTP error from remote mail server after RCPT TO:<Nobody@Example.NET>:')).toEqual(['nobody@example.net']);
    expect(addressesIn('missing.person@fabrikam.com<mailto:missing.person@fabrikam.com>')).toEqual([
      'missing.person@fabrikam.com',
      'missing.person@fabrikam.com',
    ]);
    expect(addressesIn('rfc822; a.b+tag@sub.example.org.')).toEqual(['a.b+tag@sub.example.org']);
  });

  it('finds nothing where there is no address', () => {
    expect(addressesIn('@@ a@ @b user@localhost')).toEqual([]);
  });
});
