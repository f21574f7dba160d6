// A sender resumed (its owner edited, reconnected or resumed it): the account.resumed event goes out and the
// emails held for its pause are sent now instead of at their next recheck. Their jobs exist (delayed), so they
// are promoted; a job Redis lost is added again (the reconciler would too, later).
import type { SenderResumedBody } from '@mailwright/contracts';
import { selectPausedHeldEmails } from '../db/queries/held-emails';
import { ownJobData, SEND_JOB, sendJobId, sendJobOptions } from '../queues/send-queue';
import type { SendersDeps } from './deps';

/** Enough for any real backlog in one call; the rest go at their recheck. */
const RELEASE_MAX = 10_000;

export async function releaseHeldEmails(deps: SendersDeps, accountId: string, resumed: SenderResumedBody): Promise<number> {
  void deps.webhooks.emitAccount({
    userId: resumed.userId,
    type: 'account.resumed',
    data: {
      accountId,
      email: resumed.email,
      health: { state: 'active', reason: null, detail: null, since: null, resumesAt: null },
    },
  });
  const ids = await selectPausedHeldEmails(deps.pool, accountId, resumed.userId, RELEASE_MAX);
  let released = 0;
  for (const id of ids) {
    const job = await deps.sendJobs.getJob(sendJobId(id));
    if (job && (await job.isDelayed())) {
      await job.promote().catch(() => undefined);
      released += 1;
    } else if (!job) {
      await deps.sendJobs.add(SEND_JOB, ownJobData(id), { ...sendJobOptions, jobId: sendJobId(id) });
      released += 1;
    }
  }
  return released;
}
