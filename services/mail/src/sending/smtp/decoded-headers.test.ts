import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { decodeHeaderBlock } from './decoded-headers';

/** Header blocks as a client writes them (latin1 strings: one character per byte, as readSubmittedMessage has it). */
const utf8 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
const blocks: Record<string, string[]> = {
  plain: ['From: Ann <ann@example.com>', 'To: bob@example.net', 'Subject: Hello'],
  'encoded words in the subject and the names': [
    'From: =?UTF-8?Q?Ren=C3=A9e_M=C3=BCller?= <renee@example.com>',
    'To: =?ISO-8859-1?B?Suly9G1l?= <jerome@example.net>, "Smith, Jo" <jo@example.net>',
    'Subject: =?UTF-8?B?Q2Fmw6kgb3JkZXI=?= =?UTF-8?Q?_n=C2=BA_42?=',
  ],
  'a folded subject and raw UTF-8': ['From: ann@example.com', `Subject: ${utf8('Grüße aus')}\r\n  ${utf8('Köln ✓')}`],
  'two To fields, a group in Cc, Reply-To': [
    'From: ann@example.com',
    'To: a@example.net',
    'To: b@example.net, c@example.net',
    'Cc: Team: d@example.org, "E" <e@example.org>;, f@example.org',
    'Reply-To: Desk <desk@example.com>',
    'Subject: Many',
  ],
  'several From addresses': ['From: ann@example.com, bob@example.com', 'Subject: Two'],
  'two From fields': ['From: first@example.com', 'From: second@example.com'],
  'an encoded word as the address': ['From: Mallory <=?UTF-8?Q?ceo=40bank.example?=>', 'To: x@example.net'],
  'an encoded word that decodes to an address': ['From: =?UTF-8?Q?Ceo_=3Cceo=40bank=2Eexample=3E?=', 'To: x@example.net'],
  'a punycode domain': ['From: ann@xn--caf-dma.example', 'To: bob@xn--bcher-kva.example'],
  'no subject, no To': ['From: ann@example.com', 'X-Other: 1'],
  'LF line breaks': ['From: Ann <ann@example.com>', 'To: bob@example.net', 'Subject: =?UTF-8?Q?caf=C3=A9?='],
};

/** What readSubmittedMessage read through simpleParser before (round 29): the oracle. */
async function throughSimpleParser(head: string) {
  const parsed = await simpleParser(Buffer.from(`${head}\r\n\r\n`, 'latin1'), { skipTextToHtml: true, skipImageLinks: true });
  return { from: parsed.from, to: parsed.to, cc: parsed.cc, replyTo: parsed.replyTo, subject: parsed.subject };
}

describe('decodeHeaderBlock', () => {
  it.each(Object.entries(blocks))('reads %s as simpleParser does', async (name, lines) => {
    const head = lines.join(name === 'LF line breaks' ? '\n' : '\r\n');
    expect(decodeHeaderBlock(head)).toEqual(await throughSimpleParser(head));
  });

  it('decodes encoded words, charsets, folding, lists and groups', () => {
    const encoded = decodeHeaderBlock(blocks['encoded words in the subject and the names']?.join('\r\n') ?? '');
    expect(encoded.subject).toBe('Café order nº 42');
    expect(encoded.from?.value).toEqual([{ address: 'renee@example.com', name: 'Renée Müller' }]);
    expect(encoded.to && !Array.isArray(encoded.to) && encoded.to.value.map((entry) => entry.name)).toEqual([
      'Jérôme',
      'Smith, Jo',
    ]);
    expect(decodeHeaderBlock(blocks['a folded subject and raw UTF-8']?.join('\r\n') ?? '').subject).toBe('Grüße aus Köln ✓');
    const many = decodeHeaderBlock(blocks['two To fields, a group in Cc, Reply-To']?.join('\r\n') ?? '');
    expect(Array.isArray(many.to) && many.to.flatMap((field) => field.value.map((entry) => entry.address))).toEqual([
      'a@example.net',
      'b@example.net',
      'c@example.net',
    ]);
    expect(many.cc && !Array.isArray(many.cc) && many.cc.value[0]?.group?.map((entry) => entry.address)).toEqual([
      'd@example.org',
      'e@example.org',
    ]);
    expect(many.replyTo?.value).toEqual([{ address: 'desk@example.com', name: 'Desk' }]);
  });
});
