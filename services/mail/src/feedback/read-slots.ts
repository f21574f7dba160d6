// A counting semaphore: at most `size` mailboxes read at once in this worker; waiting ends when `signal` aborts.
export class ReadSlots {
  private used = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  /** true with a slot held (give it back with release()), false when the signal aborted first. */
  async acquire(signal: AbortSignal): Promise<boolean> {
    while (this.used >= this.size) {
      if (signal.aborted) return false;
      await new Promise<void>((resolve) => {
        const wake = () => {
          signal.removeEventListener('abort', wake);
          const at = this.waiting.indexOf(wake);
          if (at >= 0) this.waiting.splice(at, 1);
          resolve();
        };
        this.waiting.push(wake);
        signal.addEventListener('abort', wake);
      });
    }
    if (signal.aborted) return false;
    this.used += 1;
    return true;
  }

  release(): void {
    this.used -= 1;
    this.waiting[0]?.();
  }
}
