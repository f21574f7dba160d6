// A sender resumed (its owner edited, reconnected or resumed it): the account.resumed event goes out and the
// emails held for its pause are sent now instead of at their next recheck. Their jobs exist (delayed), so they
// are promoted; a job Redis lost is added again (the reconciler would too, later).
import { ACTIVE_HEALTH, type SenderResumedBody } from '@mailwright/contracts';
import { selectPausedHeldEmails } from '../db/queries/held-emails';
import { ownJobData, SEND_JOB, sendJobId, sendJobOptions } from '../queues/send-queue';
import type { SendersDeps } from './deps';

/** Enough for any real backlog in one call; the rest go at their recheck. */
const RELEASE_MAX = 10_000;

const RELEASE_CHUNK = 200;

/** Sends a held email's job now: promotes it when delayed, adds it when Redis lost it; false when it already runs. */
async function release(deps: SendersDeps, id: string): Promise<boolean> {
  const job = await deps.sendJobs.getJob(sendJobId(id));
  if (!job) {
    await deps.sendJobs.add(SEND_JOB, ownJobData(id), { ...sendJobOptions, jobId: sendJobId(id) });
    return true;
  }
  if (!(await job.isDelayed())) return false;
  await job.promote().catch(() => undefined);
  return true;
}

export async function releaseHeldEmails(deps: SendersDeps, accountId: string, resumed: SenderResumedBody): Promise<number> {
  void deps.webhooks.emitAccount({
    userId: resumed.userId,
    type: 'account.resumed',
    data: {
      accountId,
      email: resumed.email,
      health: ACTIVE_HEALTH,
    },
  });
  const ids = await selectPausedHeldEmails(deps.pool, accountId, resumed.userId, RELEASE_MAX);
  let released = 0;
  // A chunk of jobs is looked up and promoted at once, so a large backlog stays within the caller's timeout.
  for (let start = 0; start < ids.length; start += RELEASE_CHUNK) {
    const outcomes = await Promise.all(ids.slice(start, start + RELEASE_CHUNK).map((id) => release(deps, id)));
    released += outcomes.filter(Boolean).length;
  }
  return released;
}
