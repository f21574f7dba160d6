import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-text';
import { quotedMessageIds } from './quoted-ids';
import { replySnippet } from './reply-snippet';

describe('replySnippet', () => {
  it('drops quoted lines and stops at a wrapped attribution line', () => {
    const text =
      'Sounds good.\n> earlier\nSee you then.\n\nOn Tue, 14 Jan 2025 at 10:12, Ana Sender <\nana@sender.test> wrote:\n\nOld text';
    expect(replySnippet(text)).toBe('Sounds good. See you then.');
  });

  it.each([
    ['-----Original Message-----\nFrom: a'],
    ['________________________________\nFrom: Ana'],
    ['From: Ana Sender <ana@sender.test>\nSent: Wednesday\nTo: Carla'],
    ['Am 14.01.2025 um 10:12 schrieb Ana Sender <ana@sender.test>:'],
  ])('stops at %s', (quote) => {
    expect(replySnippet(`Yes please.\n\n${quote}\nQuoted text`)).toBe('Yes please.');
  });

  it('collapses whitespace and keeps 200 characters without splitting a character', () => {
    expect(replySnippet(`  a\t\tb \n\n c  ${'😀'.repeat(300)}`)).toBe(`a b c ${'😀'.repeat(194)}`);
  });
});

describe('htmlToText', () => {
  it('drops tags, styles and scripts, breaks at blocks and decodes entities', () => {
    expect(htmlToText('<style>p{}</style><p>A &amp; B&nbsp;&lt;x&gt;</p><script>1<2</script><div>C &bogus; &</div>')).toBe(
      '\nA & B <x>\n\nC &bogus; &\n',
    );
  });
});

describe('quotedMessageIds', () => {
  it('reads quoted Message-ID lines first, including folded ones, then In-Reply-To and References', () => {
    const text =
      'In-Reply-To: <parent@a.example>\nMessage-ID:\n <original@Mailwright>\nReferences: <root@a.example>\n\tnot-an-id\nSubject: x';
    expect(quotedMessageIds(text)).toEqual(['<original@mailwright>', '<parent@a.example>', '<root@a.example>']);
  });
});
