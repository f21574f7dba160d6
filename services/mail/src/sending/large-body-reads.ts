// Reading a large HTML body (its links and text version) holds the event loop for up to about 100 ms a megabyte of
// dense markup on a slow 2-core host. Read as they came, ten such sends of one tenant held another tenant's send
// for about a second: each of its steps waited behind every reading that was ready before it. Large bodies are
// read one at a time, each in an event-loop turn of its own, taking turns round-robin by tenant: between two
// readings the service answers whatever else is ready, so another tenant's step waits for at most one of them.

/** Bodies from this size on are read in turns; smaller ones (nearly every email) are read at once. */
export const LARGE_BODY_CHARS = 64 * 1024;

export class LargeBodyReads {
  /** Waiting readings by tenant, in arrival order; the map's order is the tenants' turns. */
  private readonly waiting = new Map<string, Array<() => void>>();
  private scheduled = false;

  /** Runs `read` at once for a small body, else in the tenant's turn. */
  read<T>(userId: string, chars: number, read: () => T): Promise<T> {
    if (chars < LARGE_BODY_CHARS) return Promise.resolve(read());
    return new Promise<T>((resolve, reject) => {
      const run = () => {
        try {
          resolve(read());
        } catch (error) {
          reject(error);
        }
      };
      const queue = this.waiting.get(userId);
      if (queue) queue.push(run);
      else this.waiting.set(userId, [run]);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.runNext();
    });
  }

  private runNext(): void {
    const turn = this.waiting.entries().next();
    if (turn.done) return;
    const [userId, queue] = turn.value;
    const run = queue.shift() as () => void;
    // The tenant goes to the back of the turns, or leaves them with nothing more to read.
    this.waiting.delete(userId);
    if (queue.length > 0) this.waiting.set(userId, queue);
    run();
    this.schedule();
  }
}
