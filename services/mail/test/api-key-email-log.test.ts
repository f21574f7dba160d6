// GET /emails/api and GET /emails/api/:id: an API key reads its owner's email log (the signed-in log's query and
// answer), never another user's, and only as an API-key caller.
import { randomUUID } from 'node:crypto';
import { internalHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from './support/harness';

const h = new Harness('api_key_email_log');
beforeAll(() => h.start());
afterAll(() => h.stop());

const apiHeaders = (userId: string) => internalHeaders({ kind: 'api_key', userId, apiKeyId: 'key-1' });

const asKey = async (userId: string, url: string) => h.app.inject({ method: 'GET', url, headers: await apiHeaders(userId) });

/**
 * A pro user who sent `subjects` through the API, one email each; their ids in that order. Each is scheduled a day
 * ahead so the harness's worker leaves it alone and two reads of it always agree.
 */
async function userWhoSent(subjects: string[]): Promise<{ userId: string; ids: string[] }> {
  const { userId } = h.newUser();
  h.services.setPlan(userId, 'pro');
  const ids: string[] = [];
  for (const subject of subjects) {
    const sent = await h.app.inject({
      method: 'POST',
      url: '/emails/api/send',
      headers: await apiHeaders(userId),
      payload: {
        to: [`reader-${randomUUID().slice(0, 8)}@example.com`],
        subject,
        body: `About ${subject}`,
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(sent.statusCode).toBe(201);
    ids.push(sent.json().data.id);
  }
  return { userId, ids };
}

describe('the email log for API keys', () => {
  it("reads one of the owner's emails and answers 404 for another user's or a malformed id", async () => {
    const owner = await userWhoSent(['Invoice 42']);
    const other = await userWhoSent(['Secret plans']);
    const [id] = owner.ids;

    const own = await asKey(owner.userId, `/emails/api/${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ id, subject: 'Invoice 42' });

    const signedIn = await h.app.inject({ method: 'GET', url: `/emails/${id}`, headers: await userHeaders(owner.userId) });
    expect(own.json().data).toEqual(signedIn.json().data);

    const foreign = await asKey(owner.userId, `/emails/api/${other.ids[0]}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    expect((await asKey(owner.userId, '/emails/api/not-a-uuid')).statusCode).toBe(404);
  });

  it("lists only the owner's emails, with the signed-in list's pagination, search and filters", async () => {
    const owner = await userWhoSent(['Welcome aboard', 'Invoice 7', 'Invoice 8']);
    await userWhoSent(['Invoice from someone else']);

    const all = await asKey(owner.userId, '/emails/api?limit=2');
    expect(all.statusCode).toBe(200);
    expect(all.json().pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    expect(all.json().data).toHaveLength(2);
    const second = await asKey(owner.userId, '/emails/api?limit=2&page=2');
    const listed = [...all.json().data, ...second.json().data].map((email: { id: string }) => email.id);
    expect(listed.sort()).toEqual([...owner.ids].sort());

    const invoices = await asKey(owner.userId, '/emails/api?search=invoice');
    expect(
      invoices
        .json()
        .data.map((email: { subject: string }) => email.subject)
        .sort(),
    ).toEqual(['Invoice 7', 'Invoice 8']);

    const signedIn = await h.app.inject({
      method: 'GET',
      url: '/emails?search=invoice',
      headers: await userHeaders(owner.userId),
    });
    expect(invoices.json()).toEqual(signedIn.json());

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await asKey(owner.userId, `/emails/api?from=${tomorrow}`)).json().pagination.total).toBe(0);
    expect((await asKey(owner.userId, '/emails/api?status=bounced')).json().data).toEqual([]);
    expect((await asKey(owner.userId, '/emails/api?limit=0')).statusCode).toBe(400);
  });

  it('refuses callers other than an API key', async () => {
    const owner = await userWhoSent(['Only for keys']);
    for (const url of ['/emails/api', `/emails/api/${owner.ids[0]}`]) {
      const signedIn = await h.app.inject({ method: 'GET', url, headers: await userHeaders(owner.userId) });
      expect(signedIn.statusCode).toBe(401);
      expect(signedIn.json().message).toBe('An API key is required: send it in the X-API-Key header');
      expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
