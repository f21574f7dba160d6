import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewEmail } from '../db/queries/insert-email';
import type { EmailRow } from '../db/schema/emails';
import { JobWindows } from './job-windows';
import type { SendProducer } from './send-producer';

interface AddedJob {
  jobId: string;
  emailIds: string[];
  requestIds: (string | null)[];
  traceparents: (string | null)[];
}

function fakeProducer() {
  const added: AddedJob[] = [];
  const producer = {
    enqueueBatch: async (jobId: string, rows: EmailRow[], requestIds: (string | null)[], traceparents: (string | null)[]) => {
      added.push({ jobId, emailIds: rows.map((row) => row.id), requestIds, traceparents });
    },
  } as unknown as SendProducer;
  return { producer, added };
}

const email = (scheduledAt: Date | null = null, userId = 'user-1') => ({ id: randomUUID(), userId, scheduledAt }) as NewEmail;
const rowOf = (stored: NewEmail) => ({ id: stored.id, jobId: stored.jobId, scheduledAt: stored.scheduledAt }) as EmailRow;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('JobWindows', () => {
  it('gives emails of several statements within the window one job, added once the window closed and all settled', async () => {
    const { producer, added } = fakeProducer();
    const windows = new JobWindows(producer, { windowMs: 30, maxEmails: 100 });
    const first = windows.reserve([email(), email()]);
    const second = windows.reserve([email()]);
    const jobIds = new Set([...first.emails, ...second.emails].map((stored) => stored.jobId));
    expect(jobIds.size).toBe(1);

    first.settle(
      first.emails.map((stored, index) => ({ row: rowOf(stored), requestId: `r${index}`, traceparent: `tp${index}` })),
    );
    await sleep(50);
    expect(added).toHaveLength(0); // the second statement has not finished yet
    second.settle(second.emails.map((stored) => ({ row: rowOf(stored), requestId: null, traceparent: null })));
    expect(added).toEqual([
      {
        jobId: [...jobIds][0],
        emailIds: [...first.emails, ...second.emails].map((stored) => stored.id),
        requestIds: ['r0', 'r1', null],
        traceparents: ['tp0', 'tp1', null],
      },
    ]);
  });

  it('opens a new job when one is full or another due time comes, and adds nothing for emails not stored', async () => {
    const { producer, added } = fakeProducer();
    const windows = new JobWindows(producer, { windowMs: 10_000, maxEmails: 2 });
    const later = new Date(Date.now() + 60_000);
    const reservation = windows.reserve([email(), email(), email(), email(later)]);
    const [a, b, c, d] = reservation.emails.map((stored) => stored.jobId);
    expect(a).toBe(b);
    expect(new Set([a, c, d]).size).toBe(3);
    // Only the first two were stored (say the quota refused the others).
    reservation.settle(
      reservation.emails.slice(0, 2).map((stored) => ({ row: rowOf(stored), requestId: null, traceparent: null })),
    );
    expect(added.map((job) => job.jobId)).toEqual([a]); // the full window went at once
    await windows.flush();
    expect(added).toHaveLength(1);
  });

  it('flush closes open windows and adds their jobs', async () => {
    const { producer, added } = fakeProducer();
    const windows = new JobWindows(producer, { windowMs: 10_000, maxEmails: 100 });
    const reservation = windows.reserve([email()]);
    const flushed = windows.flush();
    setTimeout(
      () => reservation.settle(reservation.emails.map((stored) => ({ row: rowOf(stored), requestId: null, traceparent: null }))),
      10,
    );
    await flushed;
    expect(added.map((job) => job.emailIds)).toEqual([[reservation.emails[0]?.id]]);
  });

  it('a statement that fills a window holds its job until that statement has finished too', () => {
    const { producer, added } = fakeProducer();
    const windows = new JobWindows(producer, { windowMs: 10_000, maxEmails: 3 });
    const first = windows.reserve([email(), email()]);
    first.settle(first.emails.map((stored) => ({ row: rowOf(stored), requestId: null, traceparent: null })));
    const second = windows.reserve([email(), email()]);
    expect(second.emails[0]?.jobId).toBe(first.emails[0]?.jobId);
    expect(second.emails[1]?.jobId).not.toBe(first.emails[0]?.jobId);
    expect(added).toHaveLength(0);
    second.settle(second.emails.map((stored) => ({ row: rowOf(stored), requestId: null, traceparent: null })));
    expect(added[0]?.emailIds).toEqual([...first.emails, second.emails[0]].map((stored) => stored?.id));
  });
  it("keeps an owner's emails in windows of its own, so its slow transaction holds no one else's job", async () => {
    const { producer, added } = fakeProducer();
    const windows = new JobWindows(producer, { windowMs: 20, maxEmails: 100 });
    const slow = windows.reserve([email()], 'user-a');
    const sameOwner = windows.reserve([email()], 'user-a');
    const shared = windows.reserve([email()]);
    const other = windows.reserve([email()], 'user-b');
    expect(sameOwner.emails[0]?.jobId).toBe(slow.emails[0]?.jobId);
    expect(new Set([slow, shared, other].map((reservation) => reservation.emails[0]?.jobId)).size).toBe(3);
    const store = (reservation: typeof slow) =>
      reservation.settle(reservation.emails.map((stored) => ({ row: rowOf(stored), requestId: null, traceparent: null })));
    for (const done of [sameOwner, shared, other]) store(done);
    await sleep(40);
    expect(added.map((job) => job.jobId).sort()).toEqual([shared, other].map((r) => r.emails[0]?.jobId as string).sort());
    store(slow);
    expect(added.at(-1)?.emailIds).toEqual([sameOwner, slow].map((r) => r.emails[0]?.id));
  });

  it('closes a quiet window after the quiet length and a busy one after the full length', async () => {
    const { producer, added } = fakeProducer();
    const windows = new JobWindows(producer, { windowMs: 300, quietWindowMs: 10, maxEmails: 100 });
    const store = (reservation: ReturnType<typeof windows.reserve>) =>
      reservation.settle(reservation.emails.map((stored) => ({ row: rowOf(stored), requestId: null, traceparent: null })));
    store(windows.reserve([email()]));
    await sleep(40);
    expect(added).toHaveLength(1); // one email in the last second: a full window would hold it alone

    // Seven more at once: at eight a second a full window holds two, so the window they open waits its full length.
    store(windows.reserve(Array.from({ length: 7 }, () => email())));
    await sleep(60);
    expect(added).toHaveLength(1);
    await sleep(300);
    expect(added).toHaveLength(2);
    expect(added[1]?.emailIds).toHaveLength(7);
  });

  it('keeps its own length for a window of scheduled emails, busy or not', async () => {
    const { producer, added } = fakeProducer();
    const windows = new JobWindows(producer, { windowMs: 300, quietWindowMs: 300, scheduledWindowMs: 10, maxEmails: 100 });
    const store = (reservation: ReturnType<typeof windows.reserve>) =>
      reservation.settle(reservation.emails.map((stored) => ({ row: rowOf(stored), requestId: null, traceparent: null })));
    const later = new Date(Date.now() + 60_000);
    store(windows.reserve(Array.from({ length: 7 }, () => email(later))));
    await sleep(60);
    expect(added).toHaveLength(1);
    expect(added[0]?.emailIds).toHaveLength(7);
  });

  it("gives another user's emails the quiet length while one user sends fast", async () => {
    const { producer, added } = fakeProducer();
    const windows = new JobWindows(producer, { windowMs: 300, quietWindowMs: 10, maxEmails: 100 });
    const store = (reservation: ReturnType<typeof windows.reserve>) =>
      reservation.settle(reservation.emails.map((stored) => ({ row: rowOf(stored), requestId: null, traceparent: null })));
    const burst = windows.reserve(Array.from({ length: 20 }, () => email(null, 'busy-user')));
    const other = windows.reserve([email(null, 'other-user')]);
    store(burst);
    store(other);
    await sleep(60);
    expect(added.map((job) => job.emailIds)).toEqual([other.emails.map((stored) => stored.id)]);
    await sleep(300);
    expect(added[1]?.emailIds).toEqual(burst.emails.map((stored) => stored.id));
  });
});
