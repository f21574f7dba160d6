// The worker's mailbox reading, composed from its config: the loop with the real classifier, the header
// prefilter, the Redis lease and `apply` (applyFinding in the worker; tests record instead).
import type { MetricsRegistry } from '@mailwright/kit';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { AccountsClient } from '../adapters/accounts-client';
import type { Config } from '../config';
import type { MailDatabase } from '../db/client';
import { feedbackMetrics } from './feedback-metrics';
import { MailboxLeases } from './mailbox-lease';
import { classifyMessage, type MailboxFinding } from './parse/classify-message';
import { mightBeFeedback } from './parse/might-be-feedback';
import { MailboxReadLoop, type ReadLoopSettings } from './read-mailboxes';
import type { MailboxRef } from './read-turn';

export interface MailboxReadingDeps {
  db: MailDatabase;
  redis: Redis;
  accounts: Pick<AccountsClient, 'listMailboxReaders' | 'getMailboxAccess' | 'reportFeedbackState'>;
  apply: (mailbox: MailboxRef, sourceId: string, finding: MailboxFinding) => Promise<void>;
  log: Logger;
  metrics?: MetricsRegistry;
}

export function readLoopSettings(config: Config): ReadLoopSettings {
  return {
    pollMs: config.FEEDBACK_POLL_MS,
    concurrency: config.FEEDBACK_CONCURRENCY,
    maxIdle: config.FEEDBACK_MAX_IDLE,
    turnMessages: config.FEEDBACK_TURN_MESSAGES,
    turnMs: config.FEEDBACK_TURN_MS,
    pageSize: config.FEEDBACK_PAGE_SIZE,
    allowPrivate: config.ALLOW_PRIVATE_TARGETS,
    gmailUnitsPerSecond: config.FEEDBACK_GMAIL_UNITS_PER_SECOND,
    graphRequestsPer10Minutes: config.FEEDBACK_GRAPH_REQUESTS_PER_10_MINUTES,
    graphRequestsPerSecond: config.FEEDBACK_GRAPH_REQUESTS_PER_SECOND,
    imapPagesPerSecond: config.FEEDBACK_IMAP_PAGES_PER_SECOND,
  };
}

/** A started loop; stop() releases every lease and closes idle connections. */
export function startMailboxReading(config: Config, deps: MailboxReadingDeps): MailboxReadLoop<MailboxFinding> {
  const loop = new MailboxReadLoop<MailboxFinding>({
    db: deps.db,
    accounts: deps.accounts,
    leases: new MailboxLeases(deps.redis, config.QUEUE_PREFIX, config.FEEDBACK_LEASE_MS),
    classify: classifyMessage,
    isCandidate: mightBeFeedback,
    apply: deps.apply,
    log: deps.log,
    metrics: deps.metrics ? feedbackMetrics(deps.metrics) : undefined,
    settings: readLoopSettings(config),
  });
  loop.start();
  return loop;
}
