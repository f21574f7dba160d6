// Where the gateway's log lines go when nothing else is given: stdout, a batch at a time. The access log writes a
// line per request; written one by one that is a write(2) per request on the gateway (and a read and a write on
// whatever collects its stdout), more than the rest of the access log's cost. Lines are kept for at most
// FLUSH_MS or FLUSH_BYTES, written in order, and flushed synchronously when the process exits, so an exit (a crash
// that reaches process.exit, a signal handled by the shutdown) loses none; only a kill -9 can lose the last FLUSH_MS.
const FLUSH_MS = 50;
const FLUSH_BYTES = 16 * 1024;

/** Every destination's flush, run when the process exits (one listener, however many apps a test builds). */
const flushes = new Set<() => void>();
process.once('exit', () => {
  for (const flush of flushes) flush();
});

export interface LogDestination {
  write(line: string): void;
  /** Writes what is pending and stops following the process's exit (the app closed). */
  close(): void;
}

/** `write(text)` is how a batch leaves: stdout by default (synchronous for files, and for pipes on Linux). */
export function batchedLogDestination(write: (text: string) => void = (text) => void process.stdout.write(text)): LogDestination {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (pending === '') return;
    const text = pending;
    pending = '';
    write(text);
  };
  flushes.add(flush);
  return {
    write(line) {
      pending += line;
      if (pending.length >= FLUSH_BYTES) flush();
      else if (timer === null) timer = setTimeout(flush, FLUSH_MS).unref();
    },
    close() {
      flush();
      flushes.delete(flush);
    },
  };
}
