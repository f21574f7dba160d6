// A send job's turn in its account's line in this process, before and after its emails are claimed and delivered.
//
// A job whose account already has a long line here steps aside before claiming anything (fair slots: one account's
// backlog never holds every job slot). A job in the line claims its rows only when the start window lets it
// (start-window.ts); until then it can be given back whole to a worker that ran dry (work-sharing.ts). A job that
// leaves a line that was full lately makes room for one that stepped aside, which is brought forward, until a pull
// finds none. A job given back here lately and fetched here again goes back again (given-back-jobs.ts).
import { DelayedError, type Job, WaitingError } from 'bullmq';
import type { AccountLines } from './account-lines';
import type { SendProcessorDeps } from './deps';

type LineDeps = Pick<SendProcessorDeps, 'maxBacklogPerAccount' | 'window' | 'givenBack' | 'onStepAside' | 'onLineRoom' | 'locks'>;

/**
 * Runs `deliver` as the job's turn in its account's line, or moves the job out of the way (delayed: stepped aside;
 * waiting: given back) and throws the error that tells BullMQ so. `deliver` gets the callback it calls as each
 * email is done, which lets the account's next waiting job start.
 */
export async function inAccountTurn<T>(
  deps: LineDeps,
  lines: AccountLines,
  job: Job,
  accountId: string,
  emails: number,
  lockToken: string | undefined,
  deliver: (emailDone?: () => void) => Promise<T>,
): Promise<T> {
  // Given back lately, for the worker that ran dry: this worker's fetch took it first.
  if (lockToken && job.id && deps.givenBack?.passOn(job.id)) return backToQueue(deps, job, lockToken);
  // Past the bound (WORKER_MAX_BACKLOG_PER_ACCOUNT: enough to keep the account's connections busy), the account's
  // further jobs wait in the delayed set, where they hold no job slot that another tenant's email needs.
  if (lockToken && lines.running(accountId) >= deps.maxBacklogPerAccount) {
    // Nothing was claimed: the job comes back as it was, when the line has room for it (account-lines.ts), and
    // other tenants' jobs take the slot meanwhile.
    const returnAt = lines.returnTime(accountId, emails, deps.maxBacklogPerAccount);
    lines.markFull(accountId);
    deps.locks?.movingOn(lockToken);
    await job.moveToDelayed(returnAt, lockToken);
    if (job.id) deps.onStepAside?.(accountId, job.id, returnAt);
    throw new DelayedError();
  }
  lines.enter(accountId, emails);
  let finished = true;
  try {
    // Only a run with its lock token can be given back; one without (a test's direct call) starts at once.
    const turn = deps.window && lockToken ? await deps.window.turn(accountId, emails) : null;
    if (turn?.kind === 'give-back') {
      // Not started, nothing claimed: back to the head of the queue whole, for a worker that ran dry.
      finished = false;
      return await backToQueue(deps, job, lockToken);
    }
    try {
      return await deliver(turn?.emailDone);
    } finally {
      turn?.close();
    }
  } finally {
    if (lines.running(accountId) >= deps.maxBacklogPerAccount) lines.markFull(accountId);
    lines.leave(accountId, emails, finished);
    if (finished && lines.fullLately(accountId)) pullAside(deps, lines, accountId);
  }
}

/** Moves the job, nothing claimed, to the head of the queue whole, for a worker that ran dry. */
async function backToQueue(deps: LineDeps, job: Job, lockToken: string | undefined): Promise<never> {
  // Remembered first: this worker's fetch can take it again before the move's answer is read.
  if (job.id) deps.givenBack?.remember(job.id);
  deps.locks?.movingOn(lockToken);
  await job.moveToWait(lockToken);
  throw new WaitingError();
}

/**
 * Brings the account's next stepped-aside job forward. When none was listed, the account's backlog has drained: its
 * line stops pulling (a Redis call per job) until it is full again.
 */
function pullAside(deps: LineDeps, lines: AccountLines, accountId: string): void {
  const mark = lines.fullMark(accountId);
  void deps.onLineRoom?.(accountId).then((listed) => {
    if (!listed) lines.drained(accountId, mark);
  });
}
