// Delivering one claimed email: wait for admission (its account's, its tenant's and a worker slot, see
// delivery-admission.ts), send through the account's provider within the delivery deadline, record the outcome
// at once. Transient failures (a timeout too) go back to 'queued' (the caller decides how it is retried);
// permanent ones (and the last try) fail the email with the provider's text. An email whose account or tenant is
// stalled is handed back ('yielded') without counting a try.
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
import type { ClaimedEmail } from './claim-emails';
import { mailOptions } from './compose-message';
import type { Admitted } from './delivery-admission';
import type { SendDeps } from './deps';
import { SendFailure } from './send-failure';

export type Delivery =
  | { kind: 'sent' }
  /** Failed for good (permanent error or last try); the row is 'failed'. */
  | { kind: 'failed'; failure: SendFailure }
  /** A transient failure; the row is back to 'queued' and needs another try. */
  | { kind: 'retry'; failure: SendFailure }
  /** Not tried: its account or tenant is stalled. The row is back to 'queued' without counting a try; send it later. */
  | { kind: 'yielded' };

const RECORD_RETRY_FIRST_MS = 100;
const RECORD_RETRY_MAX_DELAY_MS = 2_000;

async function recordSent(deps: SendDeps, emailId: string, token: string, requestId?: string): Promise<void> {
  const deadline = Date.now() + (deps.resultRetryMs ?? 120_000);
  let delay = RECORD_RETRY_FIRST_MS;
  let marked = !deps.markers;
  for (;;) {
    try {
      await deps.claims.record({ emailId, token, status: 'sent', error: null });
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
}

/** Sends a claimed email and records the outcome; throws only when the outcome could not be recorded. */
export async function deliverEmail(deps: SendDeps, email: ClaimedEmail, run: DeliveryRun): Promise<Delivery> {
  const { token, requestId } = run;
  const emailId = email.id;
  // An earlier run of this row may have sent it and failed to record it (see the top of this file).
  if (email.attempts > 1 && deps.markers && (await deps.markers.has(emailId).catch(() => false))) {
    deps.log?.info({ emailId, requestId }, 'sent by an earlier run whose record failed; recorded without sending');
    await recordSent(deps, emailId, token, requestId);
    void deps.webhooks?.emit([{ emailId, type: 'email.sent' }]);
    return { kind: 'sent' };
  }
  let provider = 'unknown';
  let sent: Admitted<void>;
  try {
    const transport = await deps.transports.get(email.emailAccountId);
    provider = transport.provider;
    const sender = { accountId: email.emailAccountId, userId: email.userId, provider: transport.provider };
    sent = await deps.admission.run(sender, async () => {
      // A timer cleared at once rather than AbortSignal.timeout: thousands of deliveries a second would otherwise
      // leave a minute's worth of pending timers behind.
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), deps.deliveryTimeoutMs);
      try {
        const attachments = deps.attachments && email.hasAttachments ? await deps.attachments.load(emailId) : [];
        const options = mailOptions(email, deps.publicUrl, deps.tokens);
        if (attachments.length > 0) options.attachments = attachments;
        await deps.sender.send(transport, options, deadline.signal);
      } finally {
        clearTimeout(timer);
      }
    });
  } catch (error) {
    const failure =
      error instanceof SendFailure ? error : new SendFailure(error instanceof Error ? error.message : String(error), false);
    if (failure.isStaleTransport) deps.transports.forget(email.emailAccountId);
    const isFinal = failure.isPermanent || run.isLastTry;
    await deps.claims.record({ emailId, token, status: isFinal ? 'failed' : 'queued', error: failure.message });
    deps.log?.[isFinal ? 'warn' : 'info'](
      { emailId, requestId, provider, permanent: failure.isPermanent, attempt: email.attempts },
      isFinal ? 'send failed' : 'send failed; will retry',
    );
    if (!isFinal) return { kind: 'retry', failure };
    deps.onOutcome?.('failed', provider);
    void deps.webhooks?.emit([{ emailId, type: 'email.failed' }]);
    return { kind: 'failed', failure };
  }
  if (!sent.ran) {
    await deps.claims.record({ emailId, token, status: 'yielded', error: null });
    deps.log?.debug({ emailId, requestId, provider }, 'sender account or tenant stalled; handed back to the queue');
    return { kind: 'yielded' };
  }
  deps.onOutcome?.('sent', provider);
  await recordSent(deps, emailId, token, requestId);
  deps.log?.debug({ emailId, requestId, provider }, 'sent');
  void deps.webhooks?.emit([{ emailId, type: 'email.sent' }]);
  return { kind: 'sent' };
}
