// Reading a large HTML body (its links and text version) takes up to about 100 ms a megabyte of dense markup on a
// slow 2-core host. On the event loop, ten such sends of one tenant held another tenant's send for about a second:
// each of its steps waited behind every reading that was ready before it. Large bodies are read on a worker thread
// (html-body-thread-client.ts), one at a time, taking turns round-robin by tenant, so one tenant's many bodies
// cannot keep another's waiting behind all of them. Where the thread cannot start, they are read on the event loop,
// each in a turn of its own: between two readings the service answers whatever else is ready.
import { type HtmlBodyReading, readHtmlBody } from './html-body';
import { HtmlBodyThreadUnavailable } from './html-body-thread-client';

/** Bodies from this size on are read in turns; smaller ones (nearly every email) are read at once. */
export const LARGE_BODY_CHARS = 64 * 1024;

export interface HtmlBodyReader {
  read(html: string, givenText: string | null): Promise<HtmlBodyReading>;
}

export class LargeBodyReads {
  /** Waiting readings by tenant, in arrival order; the map's order is the tenants' turns. */
  private readonly waiting = new Map<string, Array<() => Promise<void>>>();
  private scheduled = false;
  private reading = false;

  /** `thread`: where large bodies are read; without one, or when it cannot start, they are read here. */
  constructor(private readonly thread: HtmlBodyReader | null = null) {}

  /** Reads a small body at once, a large one in the tenant's turn. */
  read(userId: string, html: string, givenText: string | null): Promise<HtmlBodyReading> {
    if (html.length < LARGE_BODY_CHARS) return Promise.resolve(readHtmlBody(html, givenText));
    return new Promise((resolve, reject) => {
      const run = () => this.readLarge(html, givenText).then(resolve, reject);
      const queue = this.waiting.get(userId);
      if (queue) queue.push(run);
      else this.waiting.set(userId, [run]);
      this.schedule();
    });
  }

  private async readLarge(html: string, givenText: string | null): Promise<HtmlBodyReading> {
    if (this.thread) {
      try {
        return await this.thread.read(html, givenText);
      } catch (error) {
        if (!(error instanceof HtmlBodyThreadUnavailable)) throw error;
      }
    }
    return readHtmlBody(html, givenText);
  }

  private schedule(): void {
    if (this.scheduled || this.reading) return;
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
    const run = queue.shift() as () => Promise<void>;
    // The tenant goes to the back of the turns, or leaves them with nothing more to read.
    this.waiting.delete(userId);
    if (queue.length > 0) this.waiting.set(userId, queue);
    this.reading = true;
    void run().finally(() => {
      this.reading = false;
      this.schedule();
    });
  }
}
