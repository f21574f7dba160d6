// What delivering emails needs: claims, the sender's choice (pools, health, limits), admission, transports,
// tracking tokens, results and their side effects.
import type { HoldReason } from '@mailwright/contracts';
import type { Logger } from 'pino';
import type { JobLocks } from '../queues/job-locks';
import type { SendJobData } from '../queues/send-queue';
import type { TrackingTokens } from '../tracking/tracking-token';
import type { WebhookEvents } from '../webhooks/webhook-events';
import type { AccountLines } from './account-lines';
import type { AttachmentLoader } from './attachment-loader';
import type { SenderSelectionDeps } from './choose-sender';
import type { EmailClaims } from './claim-emails';
import type { DeliveryAdmission } from './delivery-admission';
import type { GivenBackJobs } from './given-back-jobs';
import type { SenderConcurrency } from './sender-concurrency';
import type { SenderHealthMonitor } from './sender-health-monitor';
import type { SentMarkers } from './sent-markers';
import type { SourceLoader } from './source-loader';
import type { StartWindow } from './start-window';
import type { MessageSender } from './transports/message-sender';
import type { TransportSource } from './transports/transport-source';

export interface SendDeps extends SenderSelectionDeps {
  claims: EmailClaims;
  /** The account, tenant and worker-slot bounds a delivery waits for (delivery-admission.ts). */
  admission: DeliveryAdmission;
  /** The overall deadline of one delivery once admitted (DELIVERY_TIMEOUT_MS); past it, it is retried with backoff. */
  deliveryTimeoutMs: number;
  transports: TransportSource;
  /** Senders' concurrency caps across every worker (Graph's 4); absent = only this process's admission bounds. */
  concurrency?: SenderConcurrency;
  /** Pauses senders the provider refuses (their emails are held); absent = failures only fail or retry. */
  health?: SenderHealthMonitor;
  sender: MessageSender;
  tokens: TrackingTokens;
  publicUrl: string;
  /** Attachment bytes stored with the email. */
  attachments?: AttachmentLoader;
  /** Submitted messages (SMTP intake), sent as written. */
  sources?: SourceLoader;
  /** email.sent / email.failed webhook events. */
  webhooks?: WebhookEvents;
  /** Markers of sends whose result could not be recorded at once (see above). */
  markers?: SentMarkers;
  /** How long recording 'sent' is retried in-process before the job is left to its retry (default 2 min). */
  resultRetryMs?: number;
  /** True once the worker is closing: stop retrying the record, the marker covers the job's retry. */
  isClosing?: () => boolean;
  /** Counts per provider (emails_sent_total / emails_failed_total). */
  onOutcome?: (outcome: 'sent' | 'failed', provider: string) => void;
  /** Counts deliveries held for their sender, by reason (emails_held_total). */
  onHold?: (reason: HoldReason) => void;
  /** Counts emails given back unsent because their run's lock was not sure (emails_released_total). */
  onRelease?: () => void;
  log?: Logger;
}

export interface SendProcessorDeps extends SendDeps {
  /** Emails of one account in this process's running jobs past which its next job steps aside (fair slots). */
  maxBacklogPerAccount: number;
  /** This process's lines of each account's running jobs (shared with work sharing); absent = the processor's own. */
  lines?: AccountLines;
  /** When each account's jobs start (claim); absent = at once. Jobs waiting for it can be given back. */
  window?: StartWindow;
  /** The jobs given back here lately, passed on again when fetched here again (given-back-jobs.ts). */
  givenBack?: GivenBackJobs;
  /**
   * Called for each job that stepped aside, with when it is due back (the worker counts them, a backlog's churn shows
   * on /metrics, and lists them for a worker that runs dry: work-sharing.ts).
   */
  onStepAside?: (accountId: string, jobId: string, returnAt: number) => void;
  /**
   * Called when a job leaves its account's line here, full lately: one of the account's stepped-aside jobs may come.
   * Resolves false when the account had none listed (its line stops pulling until it is full again).
   */
  onLineRoom?: (accountId: string) => Promise<boolean>;
  /** How long each run's job lock surely lasts (the worker's, job-locks.ts); absent = runs never check. */
  locks?: JobLocks;
  /** Adds an email's own job (a batch member's retry), a batch of one. */
  enqueueRetry?: (data: SendJobData, options: { jobId: string; delay: number }) => Promise<unknown>;
}
