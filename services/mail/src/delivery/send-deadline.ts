// A delivery's deadline, passed down to the transport that sends it: SMTP stops waiting, connecting or sending when
// it passes (smtp-pool.ts), an HTTP API's send is answered as timed out (message-sender.ts). A plain object rather
// than an AbortController: creating one per send and adding and removing its two 'abort' listeners took 4.4 µs a
// send against 0.44 µs here, about 4% of the worker's CPU per email (issue 25, round 35).

/** What the transports read of a deadline. */
export interface Deadline {
  /** Whether it has passed. */
  readonly expired: boolean;
  /** Calls `listener` once when the deadline passes; returns the call that removes it. */
  onExpiry(listener: () => void): () => void;
}

/**
 * Settles like `work`, or rejects when `deadline` passes first (or has passed) with what `onExpiry` returns; that is
 * where the caller stops its part (destroys a connection, leaves a queue).
 */
export function beforeDeadline<T>(work: Promise<T>, deadline: Deadline | undefined, onExpiry: () => Error): Promise<T> {
  if (!deadline) return work;
  if (deadline.expired) return Promise.reject(onExpiry());
  return new Promise<T>((resolve, reject) => {
    const stopWaiting = deadline.onExpiry(() => reject(onExpiry()));
    work.then(resolve, reject).finally(stopWaiting);
  });
}

export class SendDeadline implements Deadline {
  expired = false;
  private readonly listeners = new Set<() => void>();
  private readonly timer: NodeJS.Timeout;

  constructor(ms: number) {
    this.timer = setTimeout(() => this.expire(), ms);
  }

  onExpiry(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The send is over: the timer is cleared (a send a second would otherwise leave a minute of timers behind). */
  clear(): void {
    clearTimeout(this.timer);
    this.listeners.clear();
  }

  private expire(): void {
    this.expired = true;
    const listeners = [...this.listeners];
    this.listeners.clear();
    for (const listener of listeners) listener();
  }
}
