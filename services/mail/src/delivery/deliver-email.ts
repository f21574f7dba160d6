// Delivering one claimed email: wait for admission (its account's, its tenant's and a worker slot, see
// delivery-admission.ts), send through the account's provider within the delivery deadline, record the outcome
// at once. Transient failures (a timeout too) go back to 'queued' (the caller decides how it is retried);
// permanent ones (and the last try) fail the email with the provider's text. Before any of that, the sender is
// chosen (choose-sender.ts: a pool's account, its health, its limits): an email that cannot go now is held
// with its reason and expected time, without counting a try, and so is one whose account or tenant is stalled.
//
// Once the provider has accepted a message, recording it must never lead to a second send. Two layers:
// 1. Recording 'sent' is retried here, in-process, with backoff (up to resultRetryMs) until Postgres answers;
//    BullMQ keeps renewing the job's lock while the processor runs, so no other worker takes the job and the
//    row keeps its 'sending' claim (the reconciler leaves a row alone while its job is active).
// 2. As soon as the first record attempt fails, a "sent" marker is written to Redis (SentMarkers). If the
//    retries give up (the worker is closing, or the outage outlasts resultRetryMs) or the process dies, the
//    next claim of the row (job retry or reconciler) sees attempts > 1, finds the marker and records 'sent'
//    without sending. Only a crash between the provider's answer and the first record attempt can still
//    resend, as before (bounded by the jobs in flight).
// 3. A run starved of CPU past its job's lock (job-locks.ts) can finish a send after the job's next run has
//    re-claimed the row. Its send done, a run whose lock may have lapsed writes the marker before recording; the
//    next run looks for it at the last moment before its own send (inside the account's admission, so after the
//    earlier run's send on the same connection has ended), not only when it claims the row.
import type { HoldReason, Transport } from '@mailwright/contracts';
import { annotateSpan } from '@mailwright/kit';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { yieldDelay } from '../queues/send-queue';
import { chooseSender } from './choose-sender';
import type { ClaimedEmail, SendResult } from './claim-emails';
import { mailOptions } from './compose-message';
import { submittedMailOptions } from './compose-submitted';
import type { Admitted } from './delivery-admission';
import type { SendDeps } from './deps';
import { sendDeadlineMs, takeNeedsRenewal } from './minute-window';
import { SendDeadline } from './send-deadline';
import { SendFailure } from './send-failure';

export type Delivery =
  | { kind: 'sent' }
  /** Failed for good (permanent error or last try); the row is 'failed'. */
  | { kind: 'failed'; failure: SendFailure }
  /** A transient failure; the row is back to 'queued' and needs another try. `tries`: the email's tries so far. */
  | { kind: 'retry'; failure: SendFailure; tries: number }
  /**
   * Not tried: its sender is at a limit, paused, or stalled. The row is back to 'queued' with its hold, without
   * counting a try; send it again at `until` (null: when the sender resumes, rechecked meanwhile).
   */
  | { kind: 'held'; reason: HoldReason; until: Date | null }
  /**
   * Not tried: its run can no longer be sure it holds its job's lock (a worker starved of CPU, job-locks.ts), and
   * the job's next run may have taken the row. The row is back to 'queued' without counting a try (unless the next
   * run holds it already); the caller gives it its own job.
   */
  | { kind: 'released' };

const RECORD_RETRY_FIRST_MS = 100;
/** How soon an email whose sender is at its concurrency cap (on any worker) is tried again, spread over as long again. */
const BUSY_RETRY_MS = 250;
const RECORD_RETRY_MAX_DELAY_MS = 2_000;

async function recordSent(
  deps: SendDeps,
  emailId: string,
  token: string,
  requestId?: string,
  sender?: SendResult['sender'],
): Promise<void> {
  const deadline = Date.now() + (deps.resultRetryMs ?? 120_000);
  let delay = RECORD_RETRY_FIRST_MS;
  let marked = !deps.markers;
  for (;;) {
    try {
      await deps.claims.record({ emailId, token, status: 'sent', error: null, sender });
      return;
    } catch (error) {
      if (delay === RECORD_RETRY_FIRST_MS)
        deps.log?.warn({ err: error, emailId, requestId }, 'sent, but recording the result failed; retrying');
      if (!marked)
        marked = await deps.markers!.mark(emailId).then(
          () => true,
          () => false,
        );
      if (Date.now() >= deadline || deps.isClosing?.()) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Sent, but the result could not be recorded (${reason}); the retry will not send again`);
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, RECORD_RETRY_MAX_DELAY_MS);
    }
  }
}

export interface DeliveryRun {
  /** The claim token this run holds on the row. */
  token: string;
  requestId?: string;
  /** Whether a transient failure now is the email's last try. */
  isLastTry: boolean;
  /**
   * Whether the run surely still holds its job's lock long enough to send, a promise while it renews the lock
   * first (absent: a run without a lock).
   */
  holdsLock?: () => boolean | Promise<boolean>;
  /** Whether the run's lock may have run out, so that the job's next run may have re-claimed the row. */
  lockLapsed?: () => boolean;
}

/** The lock's answer, awaited only when the run had to renew it (the common case costs no wait). */
export async function stillHolds(holdsLock: () => boolean | Promise<boolean>): Promise<boolean> {
  const held = holdsLock();
  return held === true || (held !== false && (await held));
}

const stillHoldsLock = (run: DeliveryRun) => (run.holdsLock ? stillHolds(run.holdsLock) : true);

/** Whether an earlier run of this row had it accepted (and could not record it, or lost its claim meanwhile). */
const sentEarlier = async (deps: SendDeps, email: ClaimedEmail): Promise<boolean> =>
  email.attempts > 1 && deps.markers !== undefined && (await deps.markers.has(email.id).catch(() => false));

async function recordSentEarlier(deps: SendDeps, emailId: string, token: string, requestId?: string): Promise<Delivery> {
  deps.log?.info({ emailId, requestId }, 'sent by an earlier run of this row; recorded without sending');
  await recordSent(deps, emailId, token, requestId);
  void deps.webhooks?.emit([{ emailId, type: 'email.sent' }]);
  return { kind: 'sent' };
}

/**
 * What an admitted delivery did: sent now, found sent by an earlier run, stopped for a lock no longer sure, or held
 * until the sender's minute has room (a renewed take that found it full).
 */
type Attempt = 'sent' | 'sent-earlier' | 'lock-unsure' | { minuteRoomAt: Date };

/** What the delivery span tells about an email: ids and kinds, the first recipient's domain, never an address. */
function deliverySpanAttributes(email: ClaimedEmail, transport: Transport) {
  const recipient = email.to[0] ?? '';
  return {
    'mailwright.account.id': transport.accountId,
    'mailwright.account.kind': transport.provider,
    'mailwright.sender_pool': email.senderPoolId !== null && email.senderPoolId !== undefined,
    'mailwright.recipient.domain': recipient.slice(recipient.lastIndexOf('@') + 1).toLowerCase() || undefined,
  };
}

/** The email as its chosen sender sends it: a pool's email takes the account's address and name. */
function sentBy(email: ClaimedEmail, transport: Transport): ClaimedEmail {
  if (!email.senderPoolId) return email;
  return { ...email, emailAccountId: transport.accountId, fromEmail: transport.email, fromName: transport.displayName || null };
}

const senderOf = (email: ClaimedEmail): SendResult['sender'] =>
  email.senderPoolId ? { accountId: email.emailAccountId, fromEmail: email.fromEmail, fromName: email.fromName } : undefined;

async function hold(
  deps: SendDeps,
  email: ClaimedEmail,
  run: DeliveryRun,
  reason: HoldReason,
  until: Date | null,
): Promise<Delivery> {
  await deps.claims.record({ emailId: email.id, token: run.token, status: 'held', error: null, hold: { reason, until } });
  deps.log?.debug({ emailId: email.id, requestId: run.requestId, reason, until }, 'held for its sender');
  deps.onHold?.(reason);
  annotateSpan({ 'mailwright.delivery.outcome': 'held', 'mailwright.hold.reason': reason });
  // Once per wait: a held email that comes back and waits again (with the same or another reason) says nothing new.
  if (email.holdReason === null) {
    void deps.webhooks?.emit([
      { emailId: email.id, type: 'email.held', extra: { hold: { reason, until: until?.toISOString() ?? null } } },
    ]);
  }
  return { kind: 'held', reason, until };
}

async function release(deps: SendDeps, email: ClaimedEmail, run: DeliveryRun): Promise<Delivery> {
  await deps.claims.record({ emailId: email.id, token: run.token, status: 'held', error: null });
  deps.log?.debug({ emailId: email.id, requestId: run.requestId }, "given back unsent: the job's lock is not sure");
  deps.onRelease?.();
  annotateSpan({ 'mailwright.delivery.outcome': 'released' });
  return { kind: 'released' };
}

async function recordFailure(
  deps: SendDeps,
  email: ClaimedEmail,
  run: DeliveryRun,
  failure: SendFailure,
  provider: string,
): Promise<Delivery> {
  const isFinal = failure.isPermanent || run.isLastTry;
  await deps.claims.record({
    emailId: email.id,
    token: run.token,
    status: isFinal ? 'failed' : 'queued',
    error: failure.message,
    sender: isFinal ? senderOf(email) : undefined,
  });
  deps.log?.[isFinal ? 'warn' : 'info'](
    { emailId: email.id, requestId: run.requestId, provider, permanent: failure.isPermanent, attempt: email.attempts },
    isFinal ? 'send failed' : 'send failed; will retry',
  );
  annotateSpan({ 'mailwright.delivery.outcome': isFinal ? 'failed' : 'retry' });
  if (!isFinal) return { kind: 'retry', failure, tries: email.attempts };
  deps.onOutcome?.('failed', provider);
  void deps.webhooks?.emit([{ emailId: email.id, type: 'email.failed' }]);
  return { kind: 'failed', failure };
}

const asFailure = (error: unknown) =>
  error instanceof SendFailure ? error : new SendFailure(error instanceof Error ? error.message : String(error), false);

/** The message to send: as submitted over SMTP (with the platform's headers), or built from the row. */
async function messageOf(deps: SendDeps, email: ClaimedEmail, transport: Transport): Promise<Mail.Options> {
  if (email.submitted) {
    if (!deps.sources) throw new SendFailure('this worker cannot send submitted messages', false);
    const source = await deps.sources.load(email.id);
    return submittedMailOptions(email, source, {
      publicUrl: deps.publicUrl,
      tokens: deps.tokens,
      bccHeader: transport.provider !== 'smtp',
    });
  }
  const attachments = deps.attachments && email.hasAttachments ? await deps.attachments.load(email.id) : [];
  const options = mailOptions(email, deps.publicUrl, deps.tokens);
  if (attachments.length > 0) options.attachments = attachments;
  return options;
}

/** Sends a claimed email and records the outcome; throws only when the outcome could not be recorded. */
export async function deliverEmail(deps: SendDeps, claimed: ClaimedEmail, run: DeliveryRun): Promise<Delivery> {
  const { token, requestId } = run;
  const emailId = claimed.id;
  // Looked for here (before a sender is chosen, which could hold or fail it) and again just before the send.
  if (await sentEarlier(deps, claimed)) return recordSentEarlier(deps, emailId, token, requestId);
  if (!(await stillHoldsLock(run))) return release(deps, claimed, run);
  let choice: Awaited<ReturnType<typeof chooseSender>>;
  try {
    choice = await chooseSender(deps, claimed, requestId);
  } catch (error) {
    return recordFailure(deps, claimed, run, asFailure(error), 'unknown');
  }
  if (choice.kind === 'hold') return hold(deps, claimed, run, choice.reason, choice.until);
  const { transport, ticket } = choice;
  const takenAt = Date.now();
  const email = sentBy(claimed, transport);
  const accountId = transport.accountId;
  annotateSpan(deliverySpanAttributes(email, transport));
  const giveBack = () => {
    if (ticket) deps.limiter?.release(accountId, ticket).catch(() => false);
  };
  const cap = transport.limits?.concurrency ?? null;
  const lease =
    cap !== null && deps.concurrency ? await deps.concurrency.acquire(accountId, cap).catch(() => undefined) : undefined;
  if (lease === null) {
    giveBack();
    return hold(
      deps,
      claimed,
      run,
      'sender_busy',
      new Date(Date.now() + BUSY_RETRY_MS + Math.floor(Math.random() * BUSY_RETRY_MS)),
    );
  }
  // A minute-limited send reaches the provider within the minute its take counts in (minute-window.ts).
  const perMinute = ticket ? (transport.limits?.perMinute ?? null) : null;
  const deadlineMs = sendDeadlineMs(deps.deliveryTimeoutMs, perMinute);
  let sent: Admitted<Attempt>;
  try {
    const sender = { accountId, userId: email.userId, provider: transport.provider, concurrency: cap };
    sent = await deps.admission.run(sender, async () => {
      const deadline = new SendDeadline(deadlineMs);
      try {
        const message = await messageOf(deps, email, transport);
        // The wait for admission (the account's line) and the message's loading can be long: the lock is checked
        // again at the last moment before the send.
        if (!(await stillHoldsLock(run))) return 'lock-unsure';
        if (await sentEarlier(deps, claimed)) return 'sent-earlier';
        if (ticket && perMinute !== null && takeNeedsRenewal(Date.now() - takenAt, deadlineMs)) {
          const renewed = await deps.limiter?.sending(accountId, ticket, perMinute).catch(() => null);
          if (renewed && !renewed.ok) return { minuteRoomAt: renewed.until };
        }
        await deps.sender.send(transport, message, deadline);
        return 'sent';
      } finally {
        deadline.clear();
      }
    });
  } catch (error) {
    lease?.release();
    const failure = asFailure(error);
    // The provider refused the message (or never got it): it does not count against the sender's limits.
    giveBack();
    if (failure.isStaleTransport) deps.transports.forget(accountId);
    const paused = await deps.health?.onFailure(accountId, failure).catch((reportError: unknown) => {
      deps.log?.warn({ err: reportError, accountId }, 'sender pause not recorded; the email is retried');
      return null;
    });
    if (paused) return hold(deps, claimed, run, 'sender_paused', paused.until);
    return recordFailure(deps, email, run, failure, transport.provider);
  }
  lease?.release();
  if (!sent.ran) {
    giveBack();
    return hold(deps, claimed, run, 'sender_busy', new Date(Date.now() + yieldDelay()));
  }
  if (typeof sent.value === 'object') {
    // The limiter gave its take back already.
    return hold(deps, claimed, run, 'sender_minute_limit', sent.value.minuteRoomAt);
  }
  if (sent.value === 'lock-unsure') {
    giveBack();
    return release(deps, claimed, run);
  }
  if (sent.value === 'sent-earlier') {
    giveBack();
    return recordSentEarlier(deps, emailId, token, requestId);
  }
  if (run.lockLapsed?.() && deps.markers) await deps.markers.mark(emailId).catch(() => undefined);
  // The minute window counts the send from now, when the provider has it (sender-limiter.ts sent()).
  if (ticket) deps.limiter?.sent(accountId, ticket).catch(() => undefined);
  deps.health?.onSuccess(accountId);
  deps.onOutcome?.('sent', transport.provider);
  await recordSent(deps, emailId, token, requestId, senderOf(email));
  annotateSpan({ 'mailwright.delivery.outcome': 'sent' });
  deps.log?.debug({ emailId, requestId, provider: transport.provider }, 'sent');
  void deps.webhooks?.emit([{ emailId, type: 'email.sent' }]);
  return { kind: 'sent' };
}
