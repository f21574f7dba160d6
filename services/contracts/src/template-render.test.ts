import { describe, expect, it } from 'vitest';
import { extractVariables, RENDER_LIMITS, renderedTooLongMessage, renderTemplate } from './template-render';

describe('extractVariables', () => {
  it('finds names in subject then body, distinct, in first-seen order', () => {
    expect(extractVariables('Hi {{firstName}}', 'Dear {{ company }}, {{firstName}} and {{ order.id }}')).toEqual([
      'firstName',
      'company',
      'order.id',
    ]);
  });

  it('allows spaces and tabs inside the braces', () => {
    expect(extractVariables('{{  a  }} {{\tb\t}} {{c}}')).toEqual(['a', 'b', 'c']);
  });

  it('accepts letters, digits, underscores and dotted parts', () => {
    expect(extractVariables('{{user_1.first_name}} {{2fa}} {{prénom}}')).toEqual(['user_1.first_name', '2fa', 'prénom']);
  });

  it('ignores empty braces, names with spaces or symbols, and stray dots', () => {
    expect(extractVariables('{{}} {{ }} {{ bad name }} {{a-b}} {{.x}} {{x.}} {{a..b}} {{$x}}')).toEqual([]);
  });

  it('ignores single braces and unclosed placeholders', () => {
    expect(extractVariables('{name} {{name} {name}} {{ name', 'function() { return {a: 1}; }')).toEqual([]);
  });

  it('reads triple braces as literal braces around a placeholder', () => {
    expect(extractVariables('{{{x}}}')).toEqual(['x']);
  });

  it('does not let a placeholder span lines', () => {
    expect(extractVariables('{{\nname\n}}')).toEqual([]);
  });

  it('is case-sensitive', () => {
    expect(extractVariables('{{Name}} {{name}}')).toEqual(['Name', 'name']);
  });

  it('returns nothing for text without placeholders and is repeatable', () => {
    expect(extractVariables('plain text')).toEqual([]);
    expect(extractVariables('{{a}}')).toEqual(['a']);
    expect(extractVariables('{{a}}')).toEqual(['a']);
  });
});

describe('renderTemplate', () => {
  it('replaces every occurrence of repeated variables', () => {
    const result = renderTemplate(
      { subject: 'Hi {{ name }}', body: '{{name}}, {{name}}! From {{company}}' },
      { name: 'Ada', company: 'ACME' },
    );
    expect(result).toEqual({ subject: 'Hi Ada', body: 'Ada, Ada! From ACME', isHtml: false, missing: [], tooLong: null });
  });

  it('HTML-escapes values in an HTML body but not in the subject', () => {
    const result = renderTemplate(
      { subject: 'About {{topic}}', body: '<p>Hello {{name}}</p><a href="{{url}}">go</a>' },
      { topic: 'Tom & <Jerry>', name: '<script>alert(1)</script>', url: 'x" onclick="evil' },
    );
    expect(result.isHtml).toBe(true);
    expect(result.subject).toBe('About Tom & <Jerry>');
    expect(result.body).toBe('<p>Hello &lt;script&gt;alert(1)&lt;/script&gt;</p><a href="x&quot; onclick=&quot;evil">go</a>');
  });

  it('leaves values untouched in a plain-text body', () => {
    const result = renderTemplate({ subject: 's', body: 'Hi {{name}}' }, { name: '<b>Ada</b> & co' });
    expect(result.body).toBe('Hi <b>Ada</b> & co');
    expect(result.isHtml).toBe(false);
  });

  it('decides HTML on the template as written, never on the values', () => {
    const values = { name: '<!DOCTYPE html><p>Ada</p><!-- x -->', link: '<a href="https://evil.test">x</a>' };
    const plain = renderTemplate({ subject: 's', body: 'Hi {{name}}, {{link}}' }, values);
    expect(plain.isHtml).toBe(false);
    expect(plain.body).toBe(`Hi ${values.name}, ${values.link}`);
    const html = renderTemplate({ subject: 's', body: '<p>Hi {{name}}, {{link}}</p>' }, values);
    expect(html.isHtml).toBe(true);
    expect(html.body).not.toContain('<a ');
    expect(html.body).toContain('&lt;a href=&quot;https://evil.test&quot;&gt;');
  });

  it('reports every missing variable once, subject first, and leaves them as written', () => {
    const result = renderTemplate(
      { subject: 'Hi {{ firstName }}', body: 'At {{company}}, {{ firstName }} meets {{known}} and {{company}}' },
      { known: 'Bob' },
    );
    expect(result.missing).toEqual(['firstName', 'company']);
    expect(result.subject).toBe('Hi {{ firstName }}');
    expect(result.body).toBe('At {{company}}, {{ firstName }} meets Bob and {{company}}');
  });

  it('treats null and undefined as missing but renders empty strings, numbers and booleans', () => {
    const result = renderTemplate(
      { subject: '{{a}}{{b}}', body: '[{{c}}] {{d}} {{e}} {{f}}' },
      { a: null, b: undefined, c: '', d: 0, e: false, f: 42 },
    );
    expect(result.missing).toEqual(['a', 'b']);
    expect(result.body).toBe('[] 0 false 42');
  });

  it('does not resolve names from the object prototype', () => {
    const result = renderTemplate({ subject: '{{constructor}}', body: '{{toString}} {{__proto__}}' }, {});
    expect(result.missing).toEqual(['constructor', 'toString', '__proto__']);
    expect(result.subject).toBe('{{constructor}}');
  });

  it('never lets CR or LF from values into the subject', () => {
    const result = renderTemplate(
      { subject: 'Hi {{name}}', body: 'Body {{name}}' },
      { name: 'Ada\r\nBcc: victim@example.com\nX' },
    );
    expect(result.subject).toBe('Hi Ada Bcc: victim@example.com X');
    expect(result.subject).not.toMatch(/[\r\n]/);
    expect(result.body).toBe('Body Ada\r\nBcc: victim@example.com\nX');
  });

  it('strips line breaks written into the subject itself', () => {
    expect(renderTemplate({ subject: 'a\r\nb\rc', body: '' }, {}).subject).toBe('a b c');
  });

  it('does not expand placeholders that appear inside values', () => {
    const result = renderTemplate({ subject: '{{a}}', body: '{{a}} {{b}}' }, { a: '{{b}}', b: 'B' });
    expect(result.subject).toBe('{{b}}');
    expect(result.body).toBe('{{b}} B');
    expect(result.missing).toEqual([]);
  });

  it('keeps braces in odd places literal', () => {
    const result = renderTemplate({ subject: '{{}} {x} {{{x}}}', body: '{{ bad name }} {{x} {{{{x}}}} }}{{x}}{{' }, { x: 'X' });
    expect(result.subject).toBe('{{}} {x} {X}');
    expect(result.body).toBe('{{ bad name }} {{x} {{X}} }}X{{');
    expect(result.missing).toEqual([]);
  });

  it('matches dotted names as flat keys', () => {
    expect(renderTemplate({ subject: '{{user.name}}', body: '' }, { 'user.name': 'Ada' }).subject).toBe('Ada');
  });

  describe('length limits', () => {
    const MAX = RENDER_LIMITS.bodyMaxChars;

    it('stops filling a body once the values would pass the limit, and says so', () => {
      // 200,000 placeholders of a 100 KB value: 20 GB filled in, past any string V8 can make.
      const started = performance.now();
      const result = renderTemplate({ subject: 'Hi', body: '{{x}} {{y}}'.repeat(100_000) }, { x: 'a'.repeat(100_000) });
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(result.tooLong).toBe('body');
      expect(result.body.length).toBeLessThanOrEqual(MAX + 11 * 100_000);
      // Names past the limit are still read: the missing ones are all reported.
      expect(result.missing).toEqual(['y']);
    });

    it('fills a body up to the limit exactly', () => {
      const template = { subject: 's', body: `${'b'.repeat(MAX - 10)}{{x}}` };
      const filled = renderTemplate(template, { x: 'c'.repeat(10) });
      expect(filled.tooLong).toBe(null);
      expect(filled.body).toHaveLength(MAX);
      expect(renderTemplate(template, { x: 'c'.repeat(11) }).tooLong).toBe('body');
      // HTML escaping counts: `&` becomes five characters.
      const html = { subject: 's', body: `<p>${'b'.repeat(MAX - 17)}{{x}}</p>` };
      expect(renderTemplate(html, { x: '&&' }).tooLong).toBe(null);
      expect(renderTemplate(html, { x: '&&a' }).tooLong).toBe('body');
    });

    it('holds the subject to what a send may carry', () => {
      const result = renderTemplate({ subject: 'Hi {{name}}', body: 'x' }, { name: 'n'.repeat(RENDER_LIMITS.subjectMaxChars) });
      expect(result.tooLong).toBe('subject');
      expect(renderedTooLongMessage('subject')).toBe('The subject filled in with these values must be at most 998 characters');
      expect(renderTemplate({ subject: 'Hi {{name}}', body: 'x' }, { name: 'n'.repeat(995) }).tooLong).toBe(null);
    });
  });
});
