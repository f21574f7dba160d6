// The email log as a real log: search by recipient or subject (wildcards taken literally), status and date
// filters, GET /emails/export.csv (the same filters, RFC 4180, formula cells guarded, paged keyset streaming)
// and GET /emails/:id/events (the timeline from the row and its recorded events), each only the owner's.
import { randomUUID } from 'node:crypto';
import { EMAIL_EXPORT_COLUMNS } from '@mailwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportEmails } from '../src/emails/export-emails';
import { Harness } from './support/harness';

const h = new Harness('email_log_export');
beforeAll(() => h.start({ worker: false }));
afterAll(() => h.stop());

async function sendAs(userId: string, to: string, subject: string): Promise<string> {
  const sent = await h.send(userId, { to: [to], subject, body: '<p>Hello</p>' });
  expect(sent.statusCode).toBe(201);
  return sent.json().data.id as string;
}

/** CSV text into records (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return records;
}

describe('the email log search and filters', () => {
  it('finds by recipient or subject, takes % and _ literally, and filters by status and date', async () => {
    const { userId } = h.newUser();
    const other = h.newUser();
    const invoice = await sendAs(userId, 'billing@acme.test', 'Invoice 100% paid');
    await sendAs(userId, 'ada@example.com', 'Welcome aboard');
    await sendAs(other.userId, 'billing@acme.test', 'Invoice for someone else');
    await h.pool.query(`UPDATE mail.emails SET status = 'sent', sent_at = now() WHERE id = $1`, [invoice]);

    const subjects = async (query: string) =>
      ((await h.get(userId, `/emails?${query}`)).json().data as { subject: string }[]).map((email) => email.subject).sort();
    expect(await subjects('search=ACME')).toEqual(['Invoice 100% paid']);
    expect(await subjects('search=welcome')).toEqual(['Welcome aboard']);
    expect(await subjects(`search=${encodeURIComponent('100%')}`)).toEqual(['Invoice 100% paid']);
    expect(await subjects(`search=${encodeURIComponent('%')}`)).toEqual(['Invoice 100% paid']);
    expect(await subjects('search=_')).toEqual([]);
    expect(await subjects('status=sent')).toEqual(['Invoice 100% paid']);
    expect(await subjects('status=queued')).toEqual(['Welcome aboard']);
    const today = new Date().toISOString().slice(0, 10);
    expect(await subjects(`from=${today}&to=${today}`)).toEqual(['Invoice 100% paid', 'Welcome aboard']);
    expect(await subjects('to=2020-01-01')).toEqual([]);
    expect((await h.get(userId, '/emails?from=2025-02-30')).statusCode).toBe(400);
  });
});

describe('GET /emails/export.csv', () => {
  it('streams the filtered log as CSV with quoted, formula-guarded cells, only the owner’s', async () => {
    const { userId } = h.newUser();
    const other = h.newUser();
    await sendAs(userId, 'one@example.com', '=HYPERLINK("http://evil.test","click")');
    await sendAs(userId, 'two@example.com', 'Plain, with a comma');
    await sendAs(userId, 'three@example.com', 'Not in the search');
    await sendAs(other.userId, 'one@example.com', 'Someone else, same recipient');

    const answer = await h.get(userId, '/emails/export.csv?search=one%40example');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="emails.csv"');
    expect(answer.body).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    const [header, ...rows] = parseCsv(answer.body);
    expect(header).toEqual([...EMAIL_EXPORT_COLUMNS]);
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(EMAIL_EXPORT_COLUMNS.map((column, index) => [column, rows[0]?.[index]]));
    expect(row).toMatchObject({ to: 'one@example.com', status: 'queued', subject: `'=HYPERLINK("http://evil.test","click")` });

    const all = parseCsv((await h.get(userId, '/emails/export.csv')).body);
    expect(all.slice(1).map((record) => record[7])).toEqual([
      'Not in the search',
      'Plain, with a comma',
      `'=HYPERLINK("http://evil.test","click")`,
    ]);
    expect(parseCsv((await h.get(userId, '/emails/export.csv?status=sent')).body)).toHaveLength(1);
  });

  it('answers 400 for a bad filter before writing anything, and 401 without a user', async () => {
    const { userId } = h.newUser();
    const bad = await h.get(userId, '/emails/export.csv?from=2025-13-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/from must be a real date/);
    expect((await h.get(userId, '/emails/export.csv?status=nope')).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'GET', url: '/emails/export.csv' })).statusCode).toBe(401);
  });

  it('pages through rows created in the same millisecond without skipping or repeating one', async () => {
    const { userId } = h.newUser();
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await sendAs(userId, `same-${i}@example.com`, `Same instant ${i}`));
    // Microseconds apart within one millisecond: a cursor rounded to the millisecond would lose some of them.
    await h.pool.query(
      `UPDATE mail.emails SET created_at = '2026-01-01T10:00:00.123Z'::timestamptz + (ord * interval '1 microsecond')
       FROM unnest($1::uuid[]) WITH ORDINALITY AS u(id, ord) WHERE mail.emails.id = u.id`,
      [ids],
    );
    let text = '';
    for await (const chunk of exportEmails(h.deps.emailLog, userId, {}, 2)) text += chunk;
    const exported = parseCsv(text)
      .slice(1)
      .map((record) => record[0]);
    expect(exported).toEqual([...ids].reverse());
  });
});

describe('GET /emails/:id/events', () => {
  it('tells accepted, sent, opened, clicked, bounced and replied in order', async () => {
    const { userId } = h.newUser();
    const id = await sendAs(userId, 'reader@example.com', 'Timeline');
    const at = (seconds: number) => new Date(Date.parse('2026-03-01T09:00:00Z') + seconds * 1000).toISOString();
    await h.pool.query(`UPDATE mail.emails SET status = 'sent', created_at = $2, sent_at = $3 WHERE id = $1`, [id, at(0), at(5)]);
    const insert = (type: string, seconds: number, url: string | null, detail: object | null) =>
      h.pool.query(
        'INSERT INTO mail.email_events (email_id, user_id, type, url, occurred_at, detail) VALUES ($1, $2, $3, $4, $5, $6)',
        [id, userId, type, url, at(seconds), detail],
      );
    await insert('reply', 40, null, { from: 'reader@example.com', subject: 'Re: Timeline' });
    await insert('open', 10, null, null);
    await insert('click', 20, 'https://example.com/offer', null);
    await insert('bounce', 30, null, { recipient: 'reader@example.com', code: '5.1.1', diagnostic: 'no such user' });

    const answer = await h.get(userId, `/emails/${id}/events`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual([
      { type: 'accepted', at: at(0), detail: null },
      { type: 'sent', at: at(5), detail: null },
      { type: 'opened', at: at(10), detail: null },
      { type: 'clicked', at: at(20), detail: 'https://example.com/offer' },
      { type: 'bounced', at: at(30), detail: 'reader@example.com 5.1.1 no such user' },
      { type: 'replied', at: at(40), detail: 'reader@example.com' },
    ]);
  });

  it('shows a held email with its reason, and answers 404 for another user’s email or a malformed id', async () => {
    const { userId } = h.newUser();
    const other = h.newUser();
    const id = await sendAs(userId, 'held@example.com', 'Held');
    await h.pool.query(
      `UPDATE mail.emails SET hold_reason = 'sender_day_limit', hold_until = '2026-05-01T00:00:00Z' WHERE id = $1`,
      [id],
    );
    const steps = (await h.get(userId, `/emails/${id}/events`)).json().data as { type: string; detail: string | null }[];
    expect(steps.map((step) => step.type)).toEqual(['accepted', 'held']);
    expect(steps[1]?.detail).toBe("Held: the sender's daily limit, expected 2026-05-01T00:00:00.000Z");

    expect((await h.get(other.userId, `/emails/${id}/events`)).statusCode).toBe(404);
    expect((await h.get(userId, `/emails/${randomUUID()}/events`)).statusCode).toBe(404);
    expect((await h.get(userId, '/emails/not-a-uuid/events')).statusCode).toBe(404);
  });
});
