// Reading SMTP senders' mailboxes over IMAP against a real dovecot: bounces and replies found and applied once,
// a cursor that resumes across restarts, one reader per mailbox across two workers, a 10,000-message mailbox
// read in pages, and IDLE picking up a new message without waiting for the poll.
import { randomUUID } from 'node:crypto';
import { type ImapServer, startImapServer } from '@mailwright/kit/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadMailboxCursor } from '../src/db/queries/mailbox-cursors';
import { waitFor } from './support/harness';
import {
  counterValue,
  dsn,
  MailboxReadingWorld,
  newMetrics,
  ourMessageId,
  reply,
  unrelated,
} from './support/mailbox-reading-world';

const world = new MailboxReadingWorld('mailbox_reading_imap');
let imap: ImapServer;

beforeAll(async () => {
  [imap] = await Promise.all([startImapServer(), world.start()]);
}, 30_000);
// Each test reads only its own mailboxes.
beforeEach(() => world.services.mailboxes.clear());
afterAll(async () => {
  await world.stop();
  await imap?.stop();
});

/** A readable SMTP account whose IMAP mailbox is a fresh dovecot user. */
async function imapAccount(): Promise<{ accountId: string; user: string }> {
  const accountId = randomUUID();
  const user = `u${accountId.slice(0, 8)}`;
  await imap.addUser(user, 'imap-secret');
  world.services.mailboxes.set(accountId, {
    provider: 'smtp',
    accountId,
    userId: randomUUID(),
    email: `${user}@example.com`,
    generation: 'g1',
    imap: { host: imap.host, port: imap.port, secure: false, username: user, password: 'imap-secret' },
  });
  return { accountId, user };
}

describe('reading an IMAP mailbox', () => {
  it('finds a bounce and a reply among unrelated mail, resumes from its cursor, and IDLE hears new mail at once', async () => {
    const { accountId, user } = await imapAccount();
    const bounced = ourMessageId();
    const replied = ourMessageId();
    // Older than 7 days: a fresh cursor starts after it.
    await imap.append(user, dsn(ourMessageId()), new Date(Date.now() - 9 * 86_400_000));
    await imap.appendMany(user, [unrelated(1), dsn(bounced, 'gone@example.net'), unrelated(2), reply(replied), unrelated(3)]);

    const metrics = newMetrics();
    world.startLoop('a', { metrics, settings: { pollMs: 20_000 } });
    await waitFor(() => world.appliedFor(accountId).length >= 2, 10_000);
    const found = world.appliedFor(accountId);
    expect(found.map((entry) => entry.finding.kind)).toEqual(['bounce', 'reply']);
    expect(found[0]?.finding).toMatchObject({ kind: 'bounce', permanent: true, code: '5.1.1', recipient: 'gone@example.net' });
    expect(found[0]?.finding.kind === 'bounce' && found[0].finding.messageIds).toContain(bounced);
    expect(found[1]?.finding).toMatchObject({ kind: 'reply', messageIds: [replied] });
    expect(found.every((entry) => /^imap:\d+:\d+$/.test(entry.sourceId))).toBe(true);
    await waitFor(() => world.services.feedbackReports.some((r) => r.accountId === accountId && r.body.state === 'reading'));
    expect(await counterValue(metrics, 'mail_feedback_messages_read_total', { provider: 'smtp' })).toBe(5);
    expect(await counterValue(metrics, 'mail_feedback_findings_total', { kind: 'bounce' })).toBe(1);

    // IDLE: the poll is 20 s away, the new bounce is applied within a second or two.
    const idleBounce = ourMessageId();
    const appendedAt = Date.now();
    await imap.append(user, dsn(idleBounce));
    const idle = await waitFor(
      () => world.appliedFor(accountId).find((e) => e.finding.kind === 'bounce' && e.finding.messageIds.includes(idleBounce)),
      5_000,
    );
    expect(idle.at - appendedAt).toBeLessThan(3_000);

    // A restart (a new worker) reads on from the saved cursor: nothing applied twice, only what is new.
    await world.stopLoops();
    const cursor = await loadMailboxCursor(world.db, accountId);
    expect(cursor).toMatchObject({ generation: 'g1', cursor: { lastUid: 7 } });
    const later = ourMessageId();
    await imap.append(user, reply(later));
    world.startLoop('b');
    await waitFor(() => world.appliedFor(accountId).length === 4, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const all = world.appliedFor(accountId);
    expect(all).toHaveLength(4);
    expect(new Set(all.map((entry) => entry.sourceId)).size).toBe(4);
    expect(all[3]).toMatchObject({ loop: 'b', finding: { kind: 'reply', messageIds: [later] } });
    await world.stopLoops();
  }, 40_000);

  it('never lets two workers read one mailbox at once, nor apply one message twice', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => imapAccount()));
    for (const { user } of accounts) {
      await imap.appendMany(user, [
        ...Array.from({ length: 5 }, () => dsn(ourMessageId())),
        ...Array.from({ length: 20 }, (_, i) => unrelated(i)),
      ]);
    }
    const ids = new Set(accounts.map((account) => account.accountId));
    // Two workers, each with room for half the mailboxes; IMAP idling is off so leases are given back and retaken.
    const settings = { pageSize: 2, turnMessages: 4, maxIdle: 0, concurrency: 3, pollMs: 200 };
    world.startLoop('w1', { settings, applyDelayMs: 15 });
    world.startLoop('w2', { settings, applyDelayMs: 15 });
    await waitFor(() => world.applied.filter((entry) => ids.has(entry.accountId)).length >= 30, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await world.stopLoops();

    const mine = world.applied.filter((entry) => ids.has(entry.accountId));
    expect(mine).toHaveLength(30);
    expect(new Set(mine.map((entry) => `${entry.accountId}/${entry.sourceId}`)).size).toBe(30);
    // Both workers took part, and within one mailbox the applies never interleave between workers mid-turn.
    expect(new Set(mine.map((entry) => entry.loop)).size).toBe(2);
    for (const { accountId } of accounts) {
      const entries = mine.filter((entry) => entry.accountId === accountId).sort((a, b) => a.at - b.at);
      for (let i = 1; i < entries.length; i++) {
        const [before, after] = [entries[i - 1], entries[i]] as [(typeof entries)[0], (typeof entries)[0]];
        // An apply holds 15 ms: a switch of worker closer than that would mean two readers at once.
        if (before.loop !== after.loop) expect(after.at - before.at).toBeGreaterThanOrEqual(15);
      }
    }
  }, 40_000);

  it('reads a mailbox of 10,000 unrelated messages in paced pages and finds the few bounces among them', async () => {
    const { accountId, user } = await imapAccount();
    const raws = Array.from({ length: 10_000 }, (_, i) => unrelated(i));
    const bounces = [ourMessageId(), ourMessageId(), ourMessageId()];
    raws.splice(10, 0, dsn(bounces[0] as string));
    raws.splice(5_000, 0, dsn(bounces[1] as string));
    raws.push(dsn(bounces[2] as string));
    await imap.appendMany(user, raws);

    const metrics = newMetrics();
    const started = Date.now();
    // 250 messages a page, at most 20 pages a second: 41 pages take at least 1 s of pacing.
    world.startLoop('big', { metrics, settings: { pageSize: 250, imapPagesPerSecond: 20, turnMessages: 2_000 } });
    await waitFor(() => world.appliedFor(accountId).length === 3, 40_000);
    await waitFor(
      async () => (await counterValue(metrics, 'mail_feedback_messages_read_total', { provider: 'smtp' })) === 10_003,
      10_000,
    );
    const elapsed = Date.now() - started;
    await world.stopLoops();
    expect(world.appliedFor(accountId).map((entry) => entry.finding.kind === 'bounce' && entry.finding.messageIds[0])).toEqual(
      bounces.map((id) => expect.arrayContaining([id]) && id),
    );
    expect(elapsed).toBeGreaterThan(1_000);
    expect((await loadMailboxCursor(world.db, accountId))?.cursor).toMatchObject({ lastUid: 10_003 });
  }, 60_000);

  it("reports an IMAP sign-in failure as the account's error and keeps reading the others", async () => {
    const broken = await imapAccount();
    const access = world.services.mailboxes.get(broken.accountId);
    if (access?.provider !== 'smtp') throw new Error('unreachable');
    world.services.mailboxes.set(broken.accountId, { ...access, imap: { ...access.imap, password: 'wrong' } });
    const healthy = await imapAccount();
    await imap.append(healthy.user, reply(ourMessageId()));
    world.startLoop('errors');
    await waitFor(() => world.appliedFor(healthy.accountId).length === 1, 10_000);
    const report = await waitFor(() => world.services.feedbackReports.find((r) => r.accountId === broken.accountId), 10_000);
    await world.stopLoops();
    expect(report.body).toMatchObject({ state: 'error', generation: 'g1' });
    expect(report.body.error).toMatch(/refused the sign-in/);
  }, 30_000);
});
