import { Type } from '@sinclair/typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { createServiceApp } from './service';
import { TEST_INTERNAL_SECRET, userHeaders } from './testing';
import { findUnstorableText } from './unstorable-input';

describe('findUnstorableText', () => {
  it('names the first field holding a lone surrogate or NUL, by its dotted path', () => {
    expect(findUnstorableText({ subject: 'Hi \ud800' }, 'body')).toBe('subject');
    expect(findUnstorableText({ to: ['a@b.co', 'x\u0000@b.co'] }, 'body')).toBe('to.1');
    expect(findUnstorableText({ variables: { name: 'tail \udc00' } }, 'body')).toBe('variables.name');
    expect(findUnstorableText({ variables: { 'k\u0000': 'v' } }, 'body')).toBe('a field name in variables');
    expect(findUnstorableText('\ud800', 'body')).toBe('body');
  });

  it('lets well-formed text through, astral characters (surrogate pairs) included', () => {
    expect(findUnstorableText({ subject: 'Grüße 😀 𝄞', n: 1, ok: true, none: null, list: [[['deep']]] }, 'body')).toBeUndefined();
    expect(findUnstorableText(undefined, 'body')).toBeUndefined();
    expect(findUnstorableText(Buffer.from([0, 1]), 'body')).toBeUndefined();
  });

  it('walks a very deep body without overflowing the stack', () => {
    let deep: unknown = '\ud800';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnstorableText(deep, 'body')).toMatch(/^0(\.0)+$/);
  });

  it('checks a 100 KB body in well under a millisecond per request on average', () => {
    const bodyOf = (html: string) => ({
      to: Array.from({ length: 50 }, (_, i) => `user${i}@example.test`),
      subject: 'Monthly report',
      body: html.repeat(4_000),
      variables: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`key${i}`, `value ${i}`])),
    });
    for (const [label, body] of [
      ['ASCII', bodyOf('<p>Hello there, and welcome</p>')],
      ['emoji in every line', bodyOf('<p>Hello 😀 and welcome</p>')],
    ] as const) {
      expect(JSON.stringify(body).length).toBeGreaterThan(100_000);
      const runs = 200;
      let found: string | undefined;
      const start = performance.now();
      for (let i = 0; i < runs; i++) found ??= findUnstorableText(body, 'body');
      const perRequestMs = (performance.now() - start) / runs;
      console.log(`findUnstorableText, ${JSON.stringify(body).length}-byte body (${label}): ${perRequestMs.toFixed(3)} ms`);
      expect(found).toBeUndefined();
      // Generous for a loaded 2-core machine; the measured figures are printed above.
      expect(perRequestMs).toBeLessThan(2);
    }
  });
});

describe('every service refuses unstorable text before its handlers', () => {
  const app = createServiceApp({ name: 'kit-unstorable-test', internalSecret: TEST_INTERNAL_SECRET, logLevel: 'silent' });
  let handled = 0;
  app.post(
    '/things/:id',
    { schema: { body: Type.Object({ subject: Type.String(), to: Type.Array(Type.String()) }) } },
    async () => {
      handled += 1;
      return { ok: true };
    },
  );
  app.get('/things', async () => {
    handled += 1;
    return { ok: true };
  });
  afterAll(() => app.close());

  const cases: Array<[string, { method: 'GET' | 'POST'; url: string; payload?: string }, string]> = [
    ['a body field', { method: 'POST', url: '/things/1', payload: '{"subject":"\\ud800 hi","to":[]}' }, 'subject'],
    ['an array item', { method: 'POST', url: '/things/1', payload: '{"subject":"s","to":["a","b\\u0000"]}' }, 'to.1'],
    ['a query value', { method: 'GET', url: '/things?from=%00' }, 'from'],
    ['a path parameter', { method: 'POST', url: '/things/%00', payload: '{"subject":"s","to":[]}' }, 'id'],
  ];
  for (const [label, request, field] of cases) {
    it(`answers 400 naming ${label}`, async () => {
      const response = await app.inject({
        ...request,
        headers: { 'content-type': 'application/json', ...(await userHeaders('u1')) },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: `${field} must not contain unpaired surrogates or NUL characters`,
        code: 'VALIDATION_ERROR',
      });
    });
  }

  it('never ran a handler for them, and runs it for clean input', async () => {
    expect(handled).toBe(0);
    const clean = await app.inject({
      method: 'POST',
      url: '/things/1',
      payload: { subject: 'ok 😀', to: ['a'] },
      headers: await userHeaders('u1'),
    });
    expect(clean.statusCode).toBe(200);
    expect(handled).toBe(1);
  });
});
