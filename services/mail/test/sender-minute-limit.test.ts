// A sender's minute limit through the app and two real worker processes: exactly perMinute sent across both, the
// rest held until the window opens, then sent. It waits a real guarded minute, so vitest.config.ts runs this file
// beside the others rather than in their line.
import { serviceHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUARDED_MINUTE_MS } from '../src/delivery/sender-limiter';
import { Harness, waitFor } from './support/harness';
import { type Row, senderRows } from './support/sender-rows';

const h = new Harness('sender-minute');
const { rows, sendMany, countSent } = senderRows(h);

beforeAll(async () => {
  await h.start();
  // A second worker on the same Redis and Postgres: the limit must hold across both.
  await h.startSecondWorker();
});
afterAll(async () => {
  await h.stop();
});

describe('a sender’s minute limit', () => {
  it('sends exactly perMinute across two workers, holds the rest with the time the window opens, then sends them', async () => {
    const { userId, accountId } = h.newUser();
    h.services.setLimits(accountId, { perMinute: 4 });
    const ids = await sendMany(userId, 7);

    await waitFor(async () => (await countSent(ids)) === 4 && (await rows(ids)).filter((r) => r.holdReason).length === 3, 10_000);
    // Nothing more goes out while the window is full, on either worker.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const during = await rows(ids);
    expect(during.filter((row) => row.status === 'sent')).toHaveLength(4);
    const held = during.filter((row) => row.status !== 'sent');
    expect(held.every((row) => row.status === 'queued' && row.holdReason === 'sender_minute_limit')).toBe(true);
    const firstSent = Math.min(...during.filter((r) => r.sentAt).map((r) => (r.sentAt as Date).getTime()));
    for (const row of held) {
      const until = (row.holdUntil as Date).getTime();
      // The window opens one guarded minute after the first take, a little before that send was recorded.
      expect(until).toBeGreaterThan(firstSent + GUARDED_MINUTE_MS - 2_000);
      expect(until).toBeLessThanOrEqual(firstSent + GUARDED_MINUTE_MS);
    }
    // The API shows the hold.
    const firstHeld = held[0] as Row;
    const shown = (await h.get(userId, `/emails/${firstHeld.id}`)).json().data;
    expect(shown.hold).toMatchObject({ reason: 'sender_minute_limit' });
    expect(Date.parse(shown.hold.until)).toBe((firstHeld.holdUntil as Date).getTime());

    // Usage as accounts asks for it: 4 this minute, 3 held.
    const usage = await h.app.inject({
      method: 'POST',
      url: `/internal/senders/${accountId}/usage`,
      headers: await serviceHeaders('accounts'),
      payload: { perMinute: 4, perDay: null, recipientsPerDay: null, concurrency: null },
    });
    expect(usage.statusCode, usage.body).toBe(200);
    expect(usage.json().data).toMatchObject({ minute: { used: 4, limit: 4 }, day: { used: 4, limit: null }, held: 3 });

    // When the window opens, the held emails go (without a failure or a counted try), still within the limit.
    await waitFor(async () => (await countSent(ids)) === 7, GUARDED_MINUTE_MS + 15_000);
    const after = await rows(ids);
    expect(after.every((row) => row.status === 'sent' && row.holdReason === null && row.attempts === 1)).toBe(true);
    const times = after.map((row) => (row.sentAt as Date).getTime()).sort((a, b) => a - b);
    // No 60-second window holds more than 4 sends.
    for (let i = 4; i < times.length; i++) expect((times[i] as number) - (times[i - 4] as number)).toBeGreaterThanOrEqual(60_000);
  }, 120_000);
});
