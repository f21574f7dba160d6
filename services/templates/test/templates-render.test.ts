import { randomUUID } from 'node:crypto';
import { FixedEntitlements, serviceHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, sampleTemplate, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let owner: { userId: string; headers: Record<string, string> };
let plainId: string;
let htmlId: string;

beforeAll(async () => {
  t = await startTestApp('templates_render', { entitlements: new FixedEntitlements() });
  owner = await newUser();
  const plain = await t.app.inject({ method: 'POST', url: '/templates', headers: owner.headers, payload: sampleTemplate() });
  plainId = plain.json().data.id;
  const html = await t.app.inject({
    method: 'POST',
    url: '/templates',
    headers: owner.headers,
    payload: { name: 'Receipt', subject: 'Receipt for {{name}}', body: '<p>Dear {{ name }}, total {{total}}</p>' },
  });
  htmlId = html.json().data.id;
});
afterAll(async () => {
  await t?.close();
});

describe('POST /templates/:id/preview', () => {
  it('renders subject and body with the given values', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/templates/${plainId}/preview`,
      headers: owner.headers,
      payload: { variables: { firstName: 'Ada', company: 'ACME' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { subject: 'Welcome, Ada!', body: 'Hi Ada, welcome to ACME.', isHtml: false, missing: [] },
    });
  });

  it('reports missing variables and leaves them as written instead of failing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/templates/${plainId}/preview`,
      headers: owner.headers,
      payload: { variables: { company: 'ACME' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      subject: 'Welcome, {{ firstName }}!',
      body: 'Hi {{firstName}}, welcome to ACME.',
      isHtml: false,
      missing: ['firstName'],
    });
  });

  it('treats omitted variables as none given', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/templates/${plainId}/preview`,
      headers: owner.headers,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.missing).toEqual(['firstName', 'company']);
  });

  it('escapes values in an HTML body but not in the subject', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/templates/${htmlId}/preview`,
      headers: owner.headers,
      payload: { variables: { name: '<b>Tom & Jerry</b>', total: 12.5 } },
    });
    expect(response.json().data).toEqual({
      subject: 'Receipt for <b>Tom & Jerry</b>',
      body: '<p>Dear &lt;b&gt;Tom &amp; Jerry&lt;/b&gt;, total 12.5</p>',
      isHtml: true,
      missing: [],
    });
  });
});

describe('POST /internal/templates/render', () => {
  const render = async (payload: Record<string, unknown>, headers?: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/internal/templates/render',
      headers: headers ?? (await serviceHeaders('mail')),
      payload,
    });

  it('renders a user’s template for sending', async () => {
    const response = await render({
      userId: owner.userId,
      templateId: htmlId,
      variables: { name: 'Ada\r\nBcc: x@evil.test', total: '5' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        subject: 'Receipt for Ada Bcc: x@evil.test',
        body: '<p>Dear Ada\r\nBcc: x@evil.test, total 5</p>',
        isHtml: true,
        variables: ['name', 'total'],
        unsubscribe: false,
      },
    });
  });

  it('tells the mail service when the template asks for one-click unsubscribe', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/templates',
      headers: owner.headers,
      payload: sampleTemplate({ name: 'Newsletter', unsubscribe: true }),
    });
    const response = await render({
      userId: owner.userId,
      templateId: created.json().data.id,
      variables: { firstName: 'Ada', company: 'ACME' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ subject: 'Welcome, Ada!', unsubscribe: true });
  });

  it('names every missing variable exactly, in a 400', async () => {
    const response = await render({ userId: owner.userId, templateId: plainId, variables: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Missing template variables: firstName, company',
      code: 'VALIDATION_ERROR',
      missing: ['firstName', 'company'],
    });
    const one = await render({ userId: owner.userId, templateId: plainId, variables: { firstName: 'Ada', company: null } });
    expect(one.json().message).toBe('Missing template variables: company');
  });

  it('answers 404 for another user’s template, an unknown id or a malformed id', async () => {
    const stranger = randomUUID();
    for (const payload of [
      { userId: stranger, templateId: plainId, variables: {} },
      { userId: owner.userId, templateId: randomUUID(), variables: {} },
      { userId: owner.userId, templateId: 'nope', variables: {} },
      { userId: 'not-a-uuid', templateId: plainId, variables: {} },
    ]) {
      const response = await render(payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Template not found', code: 'NOT_FOUND' });
    }
  });

  it('is closed to users: only services may call it', async () => {
    const response = await render({ userId: owner.userId, templateId: plainId, variables: {} }, await userHeaders(owner.userId));
    expect(response.statusCode).toBe(403);
  });

  it('refuses a malformed request with a 400', async () => {
    const response = await render({ templateId: plainId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'userId is required', code: 'VALIDATION_ERROR' });
  });
});
