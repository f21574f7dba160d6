// Send jobs for the intake, opened as short windows: every plain email accepted within a window's length of the
// first (and due at the same time) joins one batch job, however many intake statements stored them. The job is
// added once the window has closed and every statement that put emails into it has finished, after the
// requests were answered: the rows are the outbox, so an add that never happens (a crash in between, Redis
// away) is made up by the worker's reconciler, exactly as a failed add was before.
//
// Under moderate load (a few hundred requests per second, one or two emails per statement) this turns one
// job, one claim and one queue round trip per email into one per window; the API answers without waiting
// for Redis.
//
// A window's length follows its users' pace: the emails of a user who sends fast enough to put two in a full window
// share full-length windows (fewer jobs, at most that much later), everyone else's go in quiet ones, so one user's
// burst never makes another's email wait longer.
import type { NewEmail } from '../db/queries/insert-email';
import type { EmailRow } from '../db/schema/emails';
import { batchJobId } from '../queues/send-queue';
import { RecentRates } from './recent-rate';
import type { SendProducer } from './send-producer';

/** Scheduled for later, or the pace of the user whose email it is. */
type Pace = 'scheduled' | 'busy' | 'quiet';

interface JobWindow {
  jobId: string;
  /** Its due time, and the owner of a caller's own windows (`reserve`). */
  key: string;
  assigned: number;
  closed: boolean;
  /** Intake statements that put emails into this window and have not finished yet. */
  inserting: number;
  stored: StoredEmail[];
  timer: NodeJS.Timeout | null;
}

export interface StoredEmail {
  row: EmailRow;
  requestId: string | null;
  /** The trace of the request that accepted it (the window's job is added later, outside that request). */
  traceparent: string | null;
}

/** The windows one intake statement wrote into; settle() once the statement has finished (or failed). */
export interface WindowReservation {
  emails: NewEmail[];
  settle(stored: StoredEmail[]): void;
}

export interface JobWindowOptions {
  /** A window's length for the emails of a user who sends fast enough to put two or more in it. */
  windowMs: number;
  /**
   * Its length for everyone else's (default: windowMs): a window that will hold one email of theirs saves no job by
   * waiting, and one user's burst must not make the others' emails wait longer.
   */
  quietWindowMs?: number;
  /**
   * The length of a window of emails scheduled for later (default: windowMs), whatever the rate: emails due
   * together leave as one burst, which smaller jobs spread better over the workers.
   */
  scheduledWindowMs?: number;
  maxEmails: number;
}

export class JobWindows {
  private readonly open = new Map<string, JobWindow>();
  private readonly adding = new Set<Promise<void>>();
  private readonly unsettled = new Set<JobWindow>();
  private readonly rates = new RecentRates();

  constructor(
    private readonly producer: SendProducer,
    private readonly options: JobWindowOptions,
  ) {}

  /**
   * Copies of the emails, each carrying the job id of the open window for its due time. `owner`: the emails are
   * stored by a statement or transaction of the caller's own, whose time the job must wait for; they go into
   * windows of that owner (a user) alone, so a slow store delays no other user's job.
   */
  reserve(emails: NewEmail[], owner?: string): WindowReservation {
    for (const email of emails) this.rates.add(email.userId, 1);
    const touched = new Map<string, JobWindow>();
    const assigned = emails.map((email) => {
      const window = this.windowFor(email, owner);
      // Counted before the window can close (full): its job must wait for this statement's rows.
      if (!touched.has(window.jobId)) {
        touched.set(window.jobId, window);
        window.inserting += 1;
        this.unsettled.add(window);
      }
      window.assigned += 1;
      if (window.assigned >= this.options.maxEmails) this.close(window);
      return { ...email, jobId: window.jobId };
    });
    let settled = false;
    return {
      emails: assigned,
      settle: (stored) => {
        if (settled) return;
        settled = true;
        for (const email of stored) {
          const window = email.row.jobId ? touched.get(email.row.jobId) : undefined;
          window?.stored.push(email);
        }
        for (const window of touched.values()) {
          window.inserting -= 1;
          this.addIfComplete(window);
        }
      },
    };
  }

  /** Closes every window now and waits until their jobs are added (shutdown). */
  async flush(): Promise<void> {
    for (const window of [...this.open.values()]) this.close(window);
    while (this.unsettled.size > 0 || this.adding.size > 0) {
      await Promise.all(this.adding);
      if (this.unsettled.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** The open window for the email's due time and pace (and owner), or a new one. */
  private windowFor(email: NewEmail, owner: string | undefined): JobWindow {
    const dueAt = email.scheduledAt?.getTime() ?? 0;
    const pace: Pace = dueAt > 0 ? 'scheduled' : this.isBusy(email.userId) ? 'busy' : 'quiet';
    const key = owner === undefined ? `${dueAt}/${pace}` : `${dueAt}/${pace}/${owner}`;
    const current = this.open.get(key);
    if (current) return current;
    const window: JobWindow = {
      jobId: batchJobId(),
      key,
      assigned: 0,
      closed: false,
      inserting: 0,
      stored: [],
      timer: null,
    };
    window.timer = setTimeout(() => this.close(window), this.lengthOf(pace));
    this.open.set(key, window);
    return window;
  }

  /** Whether the user's emails of the last second would put at least two in a full window. */
  private isBusy(userId: string): boolean {
    return (this.rates.perSecond(userId) * this.options.windowMs) / 1000 >= 2;
  }

  private lengthOf(pace: Pace): number {
    const { windowMs, quietWindowMs = windowMs, scheduledWindowMs = windowMs } = this.options;
    if (pace === 'scheduled') return scheduledWindowMs;
    return pace === 'busy' ? windowMs : quietWindowMs;
  }

  private close(window: JobWindow): void {
    if (window.closed) return;
    window.closed = true;
    if (window.timer) clearTimeout(window.timer);
    window.timer = null;
    if (this.open.get(window.key) === window) this.open.delete(window.key);
    this.addIfComplete(window);
  }

  private addIfComplete(window: JobWindow): void {
    if (!window.closed || window.inserting > 0) return;
    this.unsettled.delete(window);
    if (window.stored.length === 0) return;
    const rows = window.stored.map((email) => email.row);
    const requestIds = window.stored.map((email) => email.requestId);
    const traceparents = window.stored.map((email) => email.traceparent);
    const adding = this.producer.enqueueBatch(window.jobId, rows, requestIds, traceparents).finally(() => {
      this.adding.delete(adding);
    });
    this.adding.add(adding);
  }
}
