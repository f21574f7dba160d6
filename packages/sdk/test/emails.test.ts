import { afterEach, describe, expect, it } from 'vitest';
import { Mailwright } from '../src';
import { fakeServer, json } from './fake-server';

let server: Awaited<ReturnType<typeof fakeServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const pageOf = (page: number, pages: number, ids: string[]) =>
  json(200, { data: ids.map((id) => ({ id, status: 'sent' })), pagination: { page, limit: ids.length, total: 5, pages } });

describe('emails', () => {
  it('sends attachments given as a Buffer, a Uint8Array, an ArrayBuffer, base64 or a URL in the API shape', async () => {
    server = await fakeServer([json(201, { data: { id: 'e1' } })]);
    const bytes = new Uint8Array([0, 255, 37, 80, 68, 70]);
    await new Mailwright({ baseUrl: server.url, apiKey: 'k' }).emails.send({
      to: ['ada@example.com'],
      subject: 'Files',
      body: 'attached',
      attachments: [
        { filename: 'a.bin', content: Buffer.from(bytes) },
        { filename: 'b.bin', content: bytes.subarray(1, 4), contentType: 'application/octet-stream' },
        { filename: 'c.bin', content: bytes.buffer },
        { filename: 'd.txt', content: 'aGVsbG8=' },
        { filename: 'e.pdf', url: 'https://files.example.com/e.pdf' },
      ],
    });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/emails/api/send');
    expect(request?.body).toHaveProperty('attachments');
    expect((request?.body as { attachments: unknown } | undefined)?.attachments).toEqual([
      { filename: 'a.bin', content: 'AP8lUERG' },
      { filename: 'b.bin', content: Buffer.from([255, 37, 80]).toString('base64'), contentType: 'application/octet-stream' },
      { filename: 'c.bin', content: 'AP8lUERG' },
      { filename: 'd.txt', content: 'aGVsbG8=' },
      { filename: 'e.pdf', url: 'https://files.example.com/e.pdf' },
    ]);
  });

  it('schedules with scheduledAt (a Date sent as its instant) and a time zone', async () => {
    server = await fakeServer([json(201, { data: { id: 'e1', status: 'scheduled' } })]);
    const mw = new Mailwright({ baseUrl: `${server.url}/`, apiKey: 'k' });
    await mw.emails.schedule({
      to: ['a@example.com'],
      subject: 's',
      body: 'b',
      scheduledAt: '2030-01-02T09:00',
      timezone: 'Asia/Kolkata',
    });
    await mw.emails.schedule({ to: ['a@example.com'], subject: 's', body: 'b', scheduledAt: new Date(Date.UTC(2030, 0, 2, 9)) });
    expect(server.requests.map((request) => request.body)).toMatchObject([
      { scheduledAt: '2030-01-02T09:00', timezone: 'Asia/Kolkata' },
      { scheduledAt: '2030-01-02T09:00:00.000Z' },
    ]);
  });

  it('batches to /api/emails/api/batch', async () => {
    server = await fakeServer([json(207, { data: [], accepted: 2, rejected: 0 })]);
    const answer = await new Mailwright({ baseUrl: server.url, apiKey: 'k' }).emails.batch([
      { to: ['a@example.com'], subject: 'A', body: 'a' },
      { to: ['b@example.com'], subject: 'B', body: 'b', attachments: [{ filename: 'x.txt', content: Buffer.from('x') }] },
    ]);
    expect(answer.accepted).toBe(2);
    expect(server.requests[0]?.body).toEqual({
      emails: [
        { to: ['a@example.com'], subject: 'A', body: 'a' },
        { to: ['b@example.com'], subject: 'B', body: 'b', attachments: [{ filename: 'x.txt', content: 'eA==' }] },
      ],
    });
  });

  it('gets one email and walks every page of the list with the query kept', async () => {
    server = await fakeServer([
      json(200, { data: { id: 'e 1' } }),
      pageOf(1, 3, ['a', 'b']),
      pageOf(2, 3, ['c', 'd']),
      pageOf(3, 3, ['e']),
    ]);
    const mw = new Mailwright({ baseUrl: server.url, apiKey: 'k' });
    expect((await mw.emails.get('e 1')).id).toBe('e 1');
    const ids: string[] = [];
    for await (const page of mw.emails.pages({ limit: 2, status: 'sent' })) ids.push(...page.data.map((email) => email.id));
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(server.requests.map((request) => request.url)).toEqual([
      '/api/emails/api/e%201',
      '/api/emails/api?limit=2&status=sent',
      '/api/emails/api?limit=2&status=sent&page=2',
      '/api/emails/api?limit=2&status=sent&page=3',
    ]);
  });
});
