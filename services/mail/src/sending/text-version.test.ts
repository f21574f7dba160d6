import { describe, expect, it } from 'vitest';
import { textVersionOf } from './text-version';

describe('the text version of an HTML body', () => {
  it('is readable: paragraphs, headings, lists, links as text and address', () => {
    const text = textVersionOf(
      '<html><head><style>p{color:red}</style></head><body><h1>Welcome, Bea</h1><p>Your <b>order</b> shipped.</p>' +
        '<ul><li>One</li><li>Two</li></ul><p><a href="https://acme.example/track?id=1">Track it</a> or ' +
        '<a href="https://acme.example">https://acme.example</a></p><img src="https://acme.example/logo.png" alt="Acme"></body></html>',
    );
    expect(text).toBe(
      [
        'Welcome, Bea',
        '',
        'Your order shipped.',
        '',
        ' * One',
        ' * Two',
        '',
        'Track it [https://acme.example/track?id=1] or https://acme.example',
      ].join('\n'),
    );
    expect(text).not.toContain('color');
    expect(text).not.toContain('logo.png');
  });

  it('decodes entities and keeps non-ASCII text', () => {
    expect(textVersionOf('<p>Caf&eacute; &amp; cr&egrave;me &mdash; 5&nbsp;€</p>')).toBe('Café & crème — 5\u00a0€');
  });
});
