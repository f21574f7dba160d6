import { FixedEntitlements, serviceHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, sampleTemplate, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let headers: Record<string, string>;
let existingId: string;
const MB = 1_048_576;

beforeAll(async () => {
  t = await startTestApp('templates_validation', { entitlements: new FixedEntitlements() });
  ({ headers } = await newUser());
  const created = await t.app.inject({ method: 'POST', url: '/templates', headers, payload: sampleTemplate() });
  existingId = created.json().data.id;
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/templates', headers, payload: payload as object });
const put = (payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/templates/${existingId}`, headers, payload: payload as object });

const NAME = 'Template name must be 1 to 200 characters';
const SUBJECT = 'Template subject must be 1 to 998 characters';
const BODY = 'Template body must be 1 byte to 1 MB';

describe('template validation', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a missing name', { subject: 's', body: 'b' }, NAME],
    ['an empty name', sampleTemplate({ name: '' }), NAME],
    ['a blank name', sampleTemplate({ name: '   ' }), NAME],
    ['a name of 201 characters', sampleTemplate({ name: 'n'.repeat(201) }), NAME],
    ['a name that is not a string', sampleTemplate({ name: 42 }), NAME],
    ['a missing subject', { name: 'n', body: 'b' }, SUBJECT],
    ['an empty subject', sampleTemplate({ subject: '' }), SUBJECT],
    ['a subject of 999 characters', sampleTemplate({ subject: 's'.repeat(999) }), SUBJECT],
    [
      'a subject with a line break',
      sampleTemplate({ subject: 'Hi\r\nBcc: x@example.com' }),
      'Template subject must be a single line',
    ],
    ['a missing body', { name: 'n', subject: 's' }, BODY],
    ['an empty body', sampleTemplate({ body: '' }), BODY],
    ['a body of only whitespace', sampleTemplate({ body: ' \n ' }), BODY],
    ['an empty category', sampleTemplate({ category: '' }), 'Template category must be 1 to 50 characters'],
    ['an unknown field', sampleTemplate({ variables: ['x'] }), 'variables is not an allowed field'],
    ['an unknown field named like an owner', sampleTemplate({ userId: 'someone' }), 'userId is not an allowed field'],
  ];

  for (const [what, payload, message] of cases) {
    it(`refuses ${what} on create and update`, async () => {
      for (const send of [post, put]) {
        const response = await send(payload);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
      }
    });
  }

  it('accepts the limits exactly: 200-character name, 998-character subject, 1 MB body', async () => {
    const response = await post({ name: 'n'.repeat(200), subject: 's'.repeat(998), body: 'b'.repeat(MB) });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(201);
    expect(response.json().data.body).toHaveLength(MB);
  });

  it('counts characters, not bytes, in the name and bytes in the body', async () => {
    const emojiName = await post(sampleTemplate({ name: '😀'.repeat(200) }));
    expect(emojiName.statusCode).toBe(201);
    // 349,526 three-byte characters: under 1 MB in characters, over 1 MB in UTF-8 bytes.
    const wideBody = await post(sampleTemplate({ body: '€'.repeat(349_526) }));
    expect(wideBody.statusCode).toBe(400);
    expect(wideBody.json().message).toBe(BODY);
  });

  it('answers its own message for a body just over 1 MB', async () => {
    const response = await post(sampleTemplate({ body: 'b'.repeat(MB + 1) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: BODY, code: 'VALIDATION_ERROR' });
  });

  it('answers 413 for a request far over the limit', async () => {
    const response = await post(sampleTemplate({ body: 'b'.repeat(3 * MB) }));
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 400 for malformed JSON and for a body that is not an object', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/templates',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    const notObject = await post(['x']);
    expect(notObject.statusCode).toBe(400);
  });

  it('refuses a non-object variables map on preview', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/templates/${existingId}/preview`,
      headers,
      payload: { variables: 'firstName=Ada' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it('does not let a service token act as a user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/templates', headers: await serviceHeaders('mail') });
    expect(response.statusCode).toBe(401);
  });

  it('left the stored template unchanged after every refused update', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/templates/${existingId}`, headers });
    expect(response.json().data).toMatchObject(sampleTemplate());
  });
});
