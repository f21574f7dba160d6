import { describe, expect, it } from 'vitest';
import { MessageIdList, messageIdsIn, normaliseMessageId } from './message-ids';

describe('message ids', () => {
  it('normalises an id to <local@domain> with the domain lower-cased', () => {
    expect(normaliseMessageId('  <AbC-1@Mail.Example.COM> ')).toBe('<AbC-1@mail.example.com>');
    expect(normaliseMessageId('abc@mailwright')).toBe('<abc@mailwright>');
  });

  it.each(['<>', '<no-at-sign>', '<@domain>', '<local@>', '<a b@c>'])('refuses %s', (value) => {
    expect(normaliseMessageId(value)).toBeNull();
  });

  it('finds every id of a References value in order, even after a stray <', () => {
    expect(messageIdsIn('<a@X.example>\r\n <b@y.example> (comment) <c <d@Z.example> junk<')).toEqual([
      '<a@x.example>',
      '<b@y.example>',
      '<d@z.example>',
    ]);
  });

  it('keeps each id once, in the order first seen', () => {
    expect(new MessageIdList().add(['<a@b>', '<c@d>']).add(['<a@b>', '<e@f>']).ids).toEqual(['<a@b>', '<c@d>', '<e@f>']);
  });
});
