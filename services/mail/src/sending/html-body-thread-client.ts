// Large HTML bodies are read on a worker thread (html-body-thread.ts), so that reading one (about 100 ms a megabyte
// of dense markup on a slow host) holds no other request: on the event loop, even one per turn, each step of
// another tenant's send could wait behind one.
import { Worker } from 'node:worker_threads';
import type { HtmlBodyReading } from './html-body';
import type { HtmlBodyAnswer, HtmlBodyRequest } from './html-body-thread';

/** The thread could not start here (its file is missing, say): the caller reads on the event loop instead. */
export class HtmlBodyThreadUnavailable extends Error {}

/** Where the thread's failures are told (the service's logger). */
export interface ThreadLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

interface Pending {
  resolve: (reading: HtmlBodyReading) => void;
  reject: (error: Error) => void;
}

export class HtmlBodyThread {
  private worker: Worker | null = null;
  /** The thread said it loaded: an error before that means it cannot run here. */
  private online = false;
  private unavailable = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly log: ThreadLog,
    private readonly start: () => Worker = startHtmlBodyThread,
  ) {}

  read(html: string, givenText: string | null): Promise<HtmlBodyReading> {
    if (this.unavailable) return Promise.reject(new HtmlBodyThreadUnavailable());
    const worker = this.worker ?? this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, html, givenText } satisfies HtmlBodyRequest);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.fail(new Error('the HTML body thread was closed'));
    await worker?.terminate();
  }

  private started(): Worker {
    const worker = this.start();
    this.worker = worker;
    this.online = false;
    // The thread never keeps the service running.
    worker.unref();
    worker.on('message', (answer: HtmlBodyAnswer) => {
      if ('ready' in answer) {
        this.online = true;
        return;
      }
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (!waiting) return;
      if ('error' in answer) waiting.reject(Object.assign(new Error(answer.error.message), { name: answer.error.name }));
      else waiting.resolve({ links: answer.links, text: answer.text });
    });
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`the HTML body thread exited (code ${code})`)));
    return worker;
  }

  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    if (this.online) {
      // A crash (out of memory, say) fails the readings it held; the next body starts a new thread.
      this.log.error({ err: error }, 'the HTML body thread failed');
      this.fail(error);
      return;
    }
    this.unavailable = true;
    this.log.warn({ err: error }, 'the HTML body thread could not start: large bodies are read on the event loop');
    this.fail(new HtmlBodyThreadUnavailable(error.message));
  }

  private fail(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}

/** The thread's file beside this module: dist/html-body-thread.mjs in a bundle, its TypeScript source under tsx. */
function startHtmlBodyThread(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./html-body-thread.mjs', import.meta.url));
  const tsx = import.meta.resolve('tsx/esm/api');
  const file = new URL('./html-body-thread.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`,
    { eval: true },
  );
}
