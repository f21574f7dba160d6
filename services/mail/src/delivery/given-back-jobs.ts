// The send jobs this worker gave back lately (work-sharing.ts), so that they reach the worker that ran dry.
//
// A job given back waits at the head of the queue for whichever worker asks first, and the giver often does: its
// blocking fetch has waited longer than the dry worker's (Redis answers the longest-waiting first), or one of its own
// jobs, finishing, fetches the next in the same call. Round 39's CI saw a new worker lose every give-back of a
// six-second drain and send nothing. So a job its giver fetches again soon after goes back again, a few times at
// most: by then the giver's fetch waits behind the dry worker's, and a dry worker gone or busy costs a few moves.

/** A job fetched again this long after it was given back is the giver's to run. */
const PASS_ON_WITHIN_MS = 2_000;
/** How many times one give-back goes back again before its giver runs it. */
const MAX_PASSES = 3;

export class GivenBackJobs {
  private readonly given = new Map<string, { at: number; passes: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** How many jobs it remembers (those given back within the last two seconds, and some not yet forgotten). */
  get size(): number {
    return this.given.size;
  }

  /** The job was given back (moved to the queue's head, nothing claimed). */
  remember(jobId: string): void {
    const now = this.now();
    for (const [id, entry] of this.given) if (now - entry.at >= PASS_ON_WITHIN_MS) this.given.delete(id);
    const passes = this.given.get(jobId)?.passes ?? 0;
    this.given.set(jobId, { at: now, passes });
  }

  /** True when the job, fetched here again, was given back lately and goes back once more rather than run here. */
  passOn(jobId: string): boolean {
    const entry = this.given.get(jobId);
    if (!entry) return false;
    if (this.now() - entry.at >= PASS_ON_WITHIN_MS || entry.passes >= MAX_PASSES) {
      this.given.delete(jobId);
      return false;
    }
    entry.passes += 1;
    return true;
  }
}
