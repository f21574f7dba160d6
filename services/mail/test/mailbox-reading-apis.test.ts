// Reading Gmail and Outlook senders' mailboxes through local look-alikes of the Gmail API and Graph: findings
// applied once, cursors that resume and start fresh when the provider forgot them, pacing that never draws a
// 429 nor goes over the per-second (Gmail) or per-10-minutes (Graph) budget, and a send-only grant reported.
import { randomUUID } from 'node:crypto';
import { GmailLookalike, GraphLookalike } from '@mailwright/kit/testing';
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

const world = new MailboxReadingWorld('mailbox_reading_apis');
const lookalikes: Array<{ stop(): Promise<void> }> = [];

beforeAll(() => world.start(), 30_000);
beforeEach(() => world.services.mailboxes.clear());
afterAll(async () => {
  await world.stop();
  await Promise.all(lookalikes.map((server) => server.stop()));
});

async function gmailAccount(options: { unitsPerSecond?: number } = {}) {
  const gmail = new GmailLookalike(options);
  lookalikes.push(gmail);
  await gmail.start();
  const accountId = randomUUID();
  world.services.mailboxes.set(accountId, {
    provider: 'gmail',
    accountId,
    userId: randomUUID(),
    email: 'me@gmail.test',
    generation: 'g1',
    accessToken: gmail.accessToken,
    apiUrl: gmail.url,
  });
  return { gmail, accountId };
}

async function graphAccount(options: ConstructorParameters<typeof GraphLookalike>[0] = {}) {
  const graph = new GraphLookalike(options);
  lookalikes.push(graph);
  await graph.start();
  const accountId = randomUUID();
  world.services.mailboxes.set(accountId, {
    provider: 'outlook',
    accountId,
    userId: randomUUID(),
    email: 'me@outlook.test',
    generation: 'g1',
    accessToken: graph.accessToken,
    graphUrl: graph.graphUrl,
  });
  return { graph, accountId };
}

describe('reading a Gmail mailbox', () => {
  it('finds a bounce and a reply, follows the history, and starts fresh when the history id expired', async () => {
    const { gmail, accountId } = await gmailAccount();
    const bounced = ourMessageId();
    gmail.addMessage(dsn(ourMessageId()), { internalDate: new Date(Date.now() - 9 * 86_400_000) });
    gmail.addMessage(unrelated(1));
    gmail.addMessage(dsn(bounced));
    gmail.addMessage(reply(ourMessageId()), { labelIds: ['SENT'] }); // not in the Inbox: not read
    world.startLoop('g');
    await waitFor(() => world.appliedFor(accountId).length === 1, 10_000);
    expect(world.appliedFor(accountId)[0]?.finding).toMatchObject({ kind: 'bounce', code: '5.1.1', messageIds: [bounced] });

    const replied = ourMessageId();
    gmail.addMessage(reply(replied));
    await waitFor(() => world.appliedFor(accountId).length === 2, 10_000);
    expect(world.appliedFor(accountId)[1]?.finding).toMatchObject({ kind: 'reply', messageIds: [replied] });
    expect((await loadMailboxCursor(world.db, accountId))?.cursor).toEqual({ historyId: expect.any(String) });

    // Gmail forgot the history: a fresh cursor re-reads the last 7 days (apply is idempotent) and goes on.
    gmail.expireHistory();
    const later = ourMessageId();
    gmail.addMessage(dsn(later));
    await waitFor(
      () => world.appliedFor(accountId).some((e) => e.finding.kind === 'bounce' && e.finding.messageIds.includes(later)),
      10_000,
    );
    await world.stopLoops();
    expect(world.services.feedbackReports.filter((r) => r.accountId === accountId).map((r) => r.body.state)).toContain('reading');
    expect(gmail.throttled).toBe(0);
  }, 30_000);

  it('reads 2,000 messages within the per-second quota: no 429, never over the budget', async () => {
    // Scaled 5x so the test stays short: the look-alike allows 1,250 units/s, the reader budgets 1,000.
    const { gmail, accountId } = await gmailAccount({ unitsPerSecond: 1_250 });
    const bounce = ourMessageId();
    for (let i = 0; i < 2_000; i++) gmail.addMessage(i === 1_000 ? dsn(bounce) : unrelated(i));
    const metrics = newMetrics();
    world.startLoop('gq', { metrics, settings: { gmailUnitsPerSecond: 1_000, pageSize: 500 } });
    await waitFor(
      async () => (await counterValue(metrics, 'mail_feedback_messages_read_total', { provider: 'gmail' })) >= 2_000,
      30_000,
    );
    await world.stopLoops();
    expect(world.appliedFor(accountId).map((e) => e.finding.kind === 'bounce' && e.finding.messageIds)).toEqual([[bounce]]);
    expect(gmail.throttled).toBe(0);
    // Seen at the server, calls bunch up by a few ms of transit, so a window can hold a little over the reader's
    // own 1,000; never near the provider's limit.
    expect(gmail.ledger.peak(1_000)).toBeLessThanOrEqual(1_100);
    // 2,000 metadata gets at 5 units: at least 10,000 units, so about 10 s at the budget, not faster.
    expect(gmail.ledger.total).toBeGreaterThanOrEqual(10_000);
  }, 40_000);

  it('reports a grant without the read scope as needs_reconnect', async () => {
    const { accountId } = await gmailAccount();
    world.services.sendOnlyGrants.add(accountId);
    world.startLoop('gr');
    const report = await waitFor(() => world.services.feedbackReports.find((r) => r.accountId === accountId), 10_000);
    await world.stopLoops();
    expect(report.body).toMatchObject({ state: 'needs_reconnect', error: null, generation: 'g1' });
  });
});

describe('reading an Outlook mailbox', () => {
  it('finds a bounce and a reply through the Inbox delta, resumes from the delta link, and starts fresh on 410', async () => {
    const { graph, accountId } = await graphAccount({ delayMs: 5 });
    const bounced = ourMessageId();
    graph.addMessage(dsn(ourMessageId()), new Date(Date.now() - 9 * 86_400_000));
    for (let i = 0; i < 30; i++) graph.addMessage(i === 17 ? dsn(bounced) : unrelated(i));
    world.startLoop('o', { settings: { pageSize: 10 } });
    await waitFor(() => world.appliedFor(accountId).length === 1, 10_000);
    expect(world.appliedFor(accountId)[0]?.finding).toMatchObject({ kind: 'bounce', messageIds: [bounced] });
    await waitFor(async () => typeof (await loadMailboxCursor(world.db, accountId))?.cursor.deltaLink === 'string');

    const replied = ourMessageId();
    graph.addMessage(reply(replied));
    await waitFor(() => world.appliedFor(accountId).length === 2, 10_000);
    expect(world.appliedFor(accountId)[1]?.finding).toMatchObject({ kind: 'reply', messageIds: [replied] });

    graph.expireDeltaTokens();
    const later = ourMessageId();
    graph.addMessage(dsn(later));
    await waitFor(
      () => world.appliedFor(accountId).some((e) => e.finding.kind === 'bounce' && e.finding.messageIds.includes(later)),
      10_000,
    );
    await world.stopLoops();
    expect(graph.throttled).toBe(0);
    expect(graph.peakInFlight).toBeLessThanOrEqual(4);
  }, 30_000);

  it('stops at its 10-minute request budget instead of drawing 429s', async () => {
    // The look-alike allows 60 requests per 10 minutes; the reader budgets 40. 200 one-message pages need 200.
    const { graph, accountId } = await graphAccount({ requestsPer10Minutes: 60 });
    for (let i = 0; i < 200; i++) graph.addMessage(unrelated(i));
    world.startLoop('ob', { settings: { pageSize: 1, graphRequestsPer10Minutes: 40, graphRequestsPerSecond: 100 } });
    await waitFor(() => graph.ledger.total >= 40, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await world.stopLoops();
    expect(graph.ledger.total).toBe(40);
    expect(graph.throttled).toBe(0);
    // It saved where it got to: the next window goes on from there.
    expect((await loadMailboxCursor(world.db, accountId))?.cursor.nextLink).toEqual(expect.stringContaining('$skiptoken='));
  }, 20_000);
});
