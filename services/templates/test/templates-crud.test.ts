import { randomUUID } from 'node:crypto';
import { FixedEntitlements, PRO_ENTITLEMENTS } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, sampleTemplate, startTestApp, type TestApp } from './helpers';

let t: TestApp;
const entitlements = new FixedEntitlements();

beforeAll(async () => {
  t = await startTestApp('templates_crud', { entitlements });
});
afterAll(async () => {
  await t?.close();
});

async function create(headers: Record<string, string>, body: Record<string, unknown> = sampleTemplate()) {
  const response = await t.app.inject({ method: 'POST', url: '/templates', headers, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

describe('templates CRUD', () => {
  it('creates a template with _id, id, default category, variables and ISO times', async () => {
    const { headers } = await newUser();
    const data = await create(headers);
    expect(data).toMatchObject({
      name: 'Welcome',
      subject: 'Welcome, {{ firstName }}!',
      body: 'Hi {{firstName}}, welcome to {{ company }}.',
      category: 'general',
      variables: ['firstName', 'company'],
      unsubscribe: false,
    });
    expect(data._id).toBe(data.id);
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt);
    expect(data.updatedAt).toBe(data.createdAt);
  });

  it('keeps a given category and trims the name', async () => {
    const { headers } = await newUser();
    const data = await create(headers, sampleTemplate({ name: '  Receipts  ', category: 'billing' }));
    expect(data.name).toBe('Receipts');
    expect(data.category).toBe('billing');
  });

  it('lists a user’s templates newest first in data', async () => {
    const { headers, userId } = await newUser();
    entitlements.set(userId, PRO_ENTITLEMENTS);
    const names = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
    for (const name of names) await create(headers, sampleTemplate({ name }));
    const response = await t.app.inject({ method: 'GET', url: '/templates', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((template: { name: string }) => template.name)).toEqual([...names].reverse());
  });

  it('answers an empty list for a user without templates', async () => {
    const { headers } = await newUser();
    const response = await t.app.inject({ method: 'GET', url: '/templates', headers });
    expect(response.json()).toEqual({ data: [] });
  });

  it('reads one template by id', async () => {
    const { headers } = await newUser();
    const created = await create(headers);
    const response = await t.app.inject({ method: 'GET', url: `/templates/${created.id}`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: created });
  });

  it('recomputes variables on update and keeps the category unless given', async () => {
    const { headers } = await newUser();
    const created = await create(headers, sampleTemplate({ category: 'onboarding' }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await t.app.inject({
      method: 'PUT',
      url: `/templates/${created.id}`,
      headers,
      payload: { name: 'Welcome v2', subject: 'Order {{orderId}}', body: '<p>{{ total }} for {{orderId}}</p>' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ id: created.id, name: 'Welcome v2', category: 'onboarding', variables: ['orderId', 'total'] });
    expect(data.createdAt).toBe(created.createdAt);
    expect(Date.parse(data.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/templates/${created.id}`,
      headers,
      payload: { name: 'Plain', subject: 'No variables', body: 'Nothing here', category: 'general' },
    });
    expect(changed.json().data).toMatchObject({ category: 'general', variables: [] });
  });

  it('stores the one-click unsubscribe choice and keeps it on an update that leaves it out', async () => {
    const { headers } = await newUser();
    const created = await create(headers, sampleTemplate({ unsubscribe: true }));
    expect(created.unsubscribe).toBe(true);
    const url = `/templates/${created.id}`;
    const kept = await t.app.inject({ method: 'PUT', url, headers, payload: sampleTemplate({ name: 'Kept' }) });
    expect(kept.json().data).toMatchObject({ name: 'Kept', unsubscribe: true });
    const off = await t.app.inject({ method: 'PUT', url, headers, payload: sampleTemplate({ unsubscribe: false }) });
    expect(off.json().data.unsubscribe).toBe(false);
    const read = await t.app.inject({ method: 'GET', url, headers });
    expect(read.json().data.unsubscribe).toBe(false);
  });

  it('refuses an unsubscribe that is not a boolean', async () => {
    const { headers } = await newUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/templates',
      headers,
      payload: sampleTemplate({ unsubscribe: 'sometimes' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it('deletes a template, after which it is not found', async () => {
    const { headers } = await newUser();
    const created = await create(headers);
    const response = await t.app.inject({ method: 'DELETE', url: `/templates/${created.id}`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Template deleted' });
    const again = await t.app.inject({ method: 'DELETE', url: `/templates/${created.id}`, headers });
    expect(again.statusCode).toBe(404);
    const read = await t.app.inject({ method: 'GET', url: `/templates/${created.id}`, headers });
    expect(read.json()).toEqual({ message: 'Template not found', code: 'NOT_FOUND' });
  });
});

describe('isolation between users', () => {
  it('does not show, change, preview or delete another user’s template', async () => {
    const owner = await newUser();
    const other = await newUser();
    const created = await create(owner.headers);
    const url = `/templates/${created.id}`;
    const attempts = [
      { method: 'GET' as const, url },
      { method: 'PUT' as const, url, payload: sampleTemplate({ name: 'stolen' }) },
      { method: 'POST' as const, url: `${url}/preview`, payload: { variables: {} } },
      { method: 'DELETE' as const, url },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: other.headers });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(response.json()).toEqual({ message: 'Template not found', code: 'NOT_FOUND' });
    }
    const list = await t.app.inject({ method: 'GET', url: '/templates', headers: other.headers });
    expect(list.json().data).toEqual([]);
    const still = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(still.json().data.name).toBe('Welcome');
  });

  it('answers 404, not 500, for ids that are not uuids or do not exist', async () => {
    const { headers } = await newUser();
    for (const id of ['not-a-uuid', '123', "1' or '1'='1", 'x'.repeat(90), randomUUID()]) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await t.app.inject({ method, url: `/templates/${encodeURIComponent(id)}`, headers });
        expect(response.statusCode, `${method} ${id}`).toBe(404);
      }
      const put = await t.app.inject({
        method: 'PUT',
        url: `/templates/${encodeURIComponent(id)}`,
        headers,
        payload: sampleTemplate(),
      });
      expect(put.statusCode).toBe(404);
      const preview = await t.app.inject({
        method: 'POST',
        url: `/templates/${encodeURIComponent(id)}/preview`,
        headers,
        payload: {},
      });
      expect(preview.statusCode).toBe(404);
    }
  });

  it('refuses requests without a user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/templates' });
    expect(response.statusCode).toBe(401);
  });
});
