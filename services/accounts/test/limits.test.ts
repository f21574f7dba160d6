// Per-sender limits (issue 20): provider defaults, the user's overrides within the ceiling, and where they show.
import { randomUUID } from 'node:crypto';
import { SENDER_LIMIT_MESSAGES } from '@mailwright/contracts';
import { type SmtpPeer, serviceHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './helpers/harness';
import { startSmtpPeer } from './helpers/smtp-peer';

const PASSWORD = 'limits-secret-pass';
const NO_OVERRIDES = { perMinute: null, perDay: null, recipientsPerDay: null };
const NO_LIMITS = { ...NO_OVERRIDES, concurrency: null };
const GMAIL = { perMinute: 60, perDay: 500, recipientsPerDay: null, concurrency: null };
const WORKSPACE = { perMinute: 60, perDay: 2_000, recipientsPerDay: null, concurrency: null };
const OUTLOOK = { perMinute: 30, perDay: null, recipientsPerDay: 10_000, concurrency: 4 };

let t: Harness;
let smtp: SmtpPeer;

async function call(userId: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: await userHeaders(userId),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const putLimits = (userId: string, id: string, body: unknown) => call(userId, 'PUT', `/email-accounts/${id}/limits`, body);

/** A mailbox row as a completed OAuth connect would leave it (no provider round trip needed for limits). */
async function insertMailbox(userId: string, provider: 'gmail' | 'outlook' | 'smtp', email: string, smtpHost?: string) {
  const { rows } = await t.raw.query(
    `insert into accounts.email_accounts (user_id, provider, email, display_name, smtp_host, secret_sealed, secret_key_id)
     values ($1, $2, $3, $3, $4, 'sealed', 'k1') returning id`,
    [userId, provider, email, smtpHost ?? null],
  );
  return rows[0].id as string;
}

async function addSmtp(userId: string) {
  const response = await call(userId, 'POST', '/email-accounts/smtp', {
    email: 'pacer@example.com',
    host: smtp.host,
    port: smtp.port,
    secure: false,
    username: 'pacer',
    password: PASSWORD,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string; limits: unknown; limitOverrides: unknown };
}

async function accountOf(userId: string, id: string) {
  const list = await call(userId, 'GET', '/email-accounts');
  expect(list.statusCode).toBe(200);
  return (list.json().data as Array<{ id: string; limits: unknown; limitOverrides: unknown }>).find((a) => a.id === id);
}

beforeAll(async () => {
  smtp = await startSmtpPeer({ pacer: PASSWORD });
  t = await startHarness('limits');
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('the provider defaults', () => {
  it('hold a consumer Gmail address to 500 a day and a Workspace address to 2,000, both 60 a minute', async () => {
    const userId = randomUUID();
    const consumer = await insertMailbox(userId, 'gmail', 'ada@gmail.com');
    const legacy = await insertMailbox(userId, 'gmail', 'ada@GoogleMail.com');
    const workspace = await insertMailbox(userId, 'gmail', 'ada@analytical.engine');
    expect(await accountOf(userId, consumer)).toMatchObject({ limits: GMAIL, limitOverrides: NO_OVERRIDES });
    expect(await accountOf(userId, legacy)).toMatchObject({ limits: GMAIL });
    expect(await accountOf(userId, workspace)).toMatchObject({ limits: WORKSPACE, limitOverrides: NO_OVERRIDES });
  });

  it('hold an Outlook account to 30 a minute, 10,000 recipients a day and 4 concurrent sends', async () => {
    const userId = randomUUID();
    const id = await insertMailbox(userId, 'outlook', 'grace@contoso.com');
    expect(await accountOf(userId, id)).toMatchObject({ limits: OUTLOOK, limitOverrides: NO_OVERRIDES });
  });

  it('give an SMTP account on smtp.office365.com the Outlook limits and one on another host none', async () => {
    const userId = randomUUID();
    const office = await insertMailbox(userId, 'smtp', 'grace@contoso.com', 'SMTP.Office365.com');
    const gmailSmtp = await insertMailbox(userId, 'smtp', 'ada@gmail.com', 'smtp.gmail.com');
    const other = await addSmtp(userId);
    expect(await accountOf(userId, office)).toMatchObject({ limits: OUTLOOK });
    expect(await accountOf(userId, gmailSmtp)).toMatchObject({ limits: GMAIL });
    expect(other).toMatchObject({ limits: NO_LIMITS, limitOverrides: NO_OVERRIDES });
    expect(await accountOf(userId, other.id)).toMatchObject({ limits: NO_LIMITS, limitOverrides: NO_OVERRIDES });
  });
});

describe('PUT /email-accounts/:id/limits', () => {
  it('stores an override within the ceiling and answers the account with its effective limits', async () => {
    const userId = randomUUID();
    const id = await insertMailbox(userId, 'gmail', 'ada@gmail.com');
    const response = await putLimits(userId, id, { perMinute: 20, perDay: 400, recipientsPerDay: 1_000 });
    expect(response.statusCode).toBe(200);
    const expected = {
      id,
      limits: { perMinute: 20, perDay: 400, recipientsPerDay: 1_000, concurrency: null },
      limitOverrides: { perMinute: 20, perDay: 400, recipientsPerDay: 1_000 },
    };
    expect(response.json().data).toMatchObject(expected);
    expect(await accountOf(userId, id)).toMatchObject(expected);
    const { rows } = await t.raw.query(
      'select limit_per_minute, limit_per_day, limit_recipients_per_day from accounts.email_accounts where id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ limit_per_minute: 20, limit_per_day: 400, limit_recipients_per_day: 1_000 });
  });

  it('accepts an override exactly at the ceiling', async () => {
    const userId = randomUUID();
    const id = await insertMailbox(userId, 'outlook', 'grace@contoso.com');
    const response = await putLimits(userId, id, { perMinute: 30, perDay: 5_000, recipientsPerDay: 10_000 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.limits).toEqual({ perMinute: 30, perDay: 5_000, recipientsPerDay: 10_000, concurrency: 4 });
  });

  it('refuses an override above the provider ceiling with 400 naming the field, and keeps the stored limits', async () => {
    const userId = randomUUID();
    const id = await insertMailbox(userId, 'gmail', 'ada@gmail.com');
    const response = await putLimits(userId, id, { perMinute: null, perDay: 501, recipientsPerDay: null });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: SENDER_LIMIT_MESSAGES.aboveCeiling('perDay', 500, 'a Gmail account'),
      field: 'perDay',
    });
    expect(response.json().message).toBe('perDay may be at most 500 for a Gmail account');
    expect(await accountOf(userId, id)).toMatchObject({ limits: GMAIL, limitOverrides: NO_OVERRIDES });

    const huge = await putLimits(userId, id, { perMinute: null, perDay: 3_000_000_000, recipientsPerDay: null });
    expect(huge.json()).toMatchObject({ message: 'perDay may be at most 500 for a Gmail account', field: 'perDay' });

    const office = await insertMailbox(userId, 'smtp', 'grace@contoso.com', 'smtp.office365.com');
    const tooFast = await putLimits(userId, office, { perMinute: 31, perDay: null, recipientsPerDay: null });
    expect(tooFast.statusCode).toBe(400);
    expect(tooFast.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'perMinute may be at most 30 for an SMTP account on smtp.office365.com',
      field: 'perMinute',
    });
  });

  it('lets an SMTP account on another host set any limit, up to what can be stored', async () => {
    const userId = randomUUID();
    const { id } = await addSmtp(userId);
    const high = await putLimits(userId, id, { perMinute: 100_000, perDay: 2_147_483_647, recipientsPerDay: null });
    expect(high.statusCode).toBe(200);
    expect(high.json().data.limits).toEqual({
      perMinute: 100_000,
      perDay: 2_147_483_647,
      recipientsPerDay: null,
      concurrency: null,
    });
    const tooHigh = await putLimits(userId, id, { perMinute: null, perDay: 2_147_483_648, recipientsPerDay: null });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'perDay' });
  });

  it('resets a limit to the provider default when it is set to null', async () => {
    const userId = randomUUID();
    const id = await insertMailbox(userId, 'outlook', 'grace@contoso.com');
    expect((await putLimits(userId, id, { perMinute: 10, perDay: 100, recipientsPerDay: 500 })).statusCode).toBe(200);
    const reset = await putLimits(userId, id, { perMinute: null, perDay: 100, recipientsPerDay: null });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toMatchObject({
      limits: { ...OUTLOOK, perDay: 100 },
      limitOverrides: { perMinute: null, perDay: 100, recipientsPerDay: null },
    });
    const all = await putLimits(userId, id, NO_OVERRIDES);
    expect(all.json().data).toMatchObject({ limits: OUTLOOK, limitOverrides: NO_OVERRIDES });
  });

  it('clamps a stored override to the ceiling of a stricter host', async () => {
    const userId = randomUUID();
    const { id } = await addSmtp(userId);
    expect((await putLimits(userId, id, { perMinute: 500, perDay: null, recipientsPerDay: null })).statusCode).toBe(200);
    await t.raw.query(`update accounts.email_accounts set smtp_host = 'smtp.office365.com' where id = $1`, [id]);
    expect(await accountOf(userId, id)).toMatchObject({
      limits: OUTLOOK,
      limitOverrides: { perMinute: 500, perDay: null, recipientsPerDay: null },
    });
  });

  it("answers 404 for another user's account, a missing one and a non-uuid id, and changes nothing", async () => {
    const owner = randomUUID();
    const id = await insertMailbox(owner, 'gmail', 'ada@gmail.com');
    const body = { perMinute: 1, perDay: 1, recipientsPerDay: 1 };
    for (const [userId, target] of [
      [randomUUID(), id],
      [owner, randomUUID()],
      [owner, 'not-a-uuid'],
    ] as const) {
      const response = await putLimits(userId, target, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Email account not found' });
    }
    expect(await accountOf(owner, id)).toMatchObject({ limits: GMAIL, limitOverrides: NO_OVERRIDES });
  });

  it('refuses bad bodies with 400 VALIDATION_ERROR: strings, 0, negatives, fractions, missing and extra fields', async () => {
    const userId = randomUUID();
    const id = await insertMailbox(userId, 'gmail', 'ada@gmail.com');
    const bodies: unknown[] = [
      { perMinute: '10', perDay: null, recipientsPerDay: null },
      { perMinute: null, perDay: 0, recipientsPerDay: null },
      { perMinute: null, perDay: null, recipientsPerDay: -5 },
      { perMinute: 1.5, perDay: null, recipientsPerDay: null },
      { perMinute: null, perDay: null },
      { perMinute: null, perDay: null, recipientsPerDay: null, concurrency: 2 },
      { perMinute: true, perDay: null, recipientsPerDay: null },
      [],
    ];
    for (const body of bodies) {
      const response = await putLimits(userId, id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    const extra = await putLimits(userId, id, { ...NO_OVERRIDES, concurrency: 2 });
    expect(extra.json().message).toBe('concurrency is not an allowed field');
    const missing = await putLimits(userId, id, { perMinute: null, perDay: null });
    expect(missing.json().message).toBe('recipientsPerDay is required');
    expect(await accountOf(userId, id)).toMatchObject({ limits: GMAIL, limitOverrides: NO_OVERRIDES });
  });
});

describe('the transport the mail worker reads', () => {
  it('carries the effective limits', async () => {
    const userId = randomUUID();
    const { id } = await addSmtp(userId);
    expect((await putLimits(userId, id, { perMinute: 10, perDay: null, recipientsPerDay: 300 })).statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'GET',
      url: `/internal/accounts/${id}/transport`,
      headers: await serviceHeaders('mail-worker'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      provider: 'smtp',
      accountId: id,
      limits: { perMinute: 10, perDay: null, recipientsPerDay: 300, concurrency: null },
    });
  });
});
