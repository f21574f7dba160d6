// What the code of every process calls to trace: carry the active trace through a queue, run work in a span,
// describe the active span. With tracing off (no OTLP endpoint) these are pass-throughs that load nothing; the
// register module (register.ts) installs the real ones, backed by the OpenTelemetry SDK, before the app loads.

export type SpanAttributes = Record<string, string | number | boolean | undefined>;

export interface SpanOptions {
  /** A W3C traceparent carried from another process (a queued job): the span continues that trace. */
  parent?: string | null;
  /** Starts a trace of its own (no parent given): work shared by several traces, which `links` names. */
  root?: boolean;
  /** Traces this work also serves (a job of several emails): linked, not parented. */
  links?: Array<string | null>;
  /** 'client' for a call out of the process (a provider's API, an SMTP server); 'internal' by default. */
  kind?: 'internal' | 'client' | 'producer' | 'consumer';
}

export interface SpanHooks {
  traceparent(): string | null;
  inSpan<T>(name: string, attributes: SpanAttributes, work: () => Promise<T>, options?: SpanOptions): Promise<T>;
  annotate(attributes: SpanAttributes): void;
  shutdown(): Promise<void>;
}

const passThrough: SpanHooks = {
  traceparent: () => null,
  inSpan: (_name, _attributes, work) => work(),
  annotate: () => {},
  shutdown: async () => {},
};

/**
 * The installed hooks live on globalThis, not in this module: in the images the register module and the app are two
 * bundles (dist/tracing.mjs and dist/server.mjs), each with its own copy of this file, and the app's copy must see what
 * the register module's copy installed.
 */
const slot = Symbol.for('mailwright.tracing.spanHooks');
const holder = globalThis as typeof globalThis & { [slot]?: SpanHooks };
const hooks = (): SpanHooks => holder[slot] ?? passThrough;

/** Called once by startTracing. */
export function installSpanHooks(installed: SpanHooks): void {
  holder[slot] = installed;
}

/** Whether spans are recorded in this process (an OTLP endpoint is configured and the SDK started). */
export const isTracing = () => hooks() !== passThrough;

/** The active trace as a W3C traceparent, to put in a job's data; null when tracing is off or no span is active. */
export const currentTraceparent = (): string | null => hooks().traceparent();

/** Runs `work` in a span named `name` (ended when it settles; a rejection marks it failed). */
export const inSpan = <T>(name: string, attributes: SpanAttributes, work: () => Promise<T>, options?: SpanOptions) =>
  hooks().inSpan(name, attributes, work, options);

/** Adds attributes to the active span (ids, kinds; never addresses or secrets). */
export const annotateSpan = (attributes: SpanAttributes): void => hooks().annotate(attributes);

/** Exports the spans still buffered and stops the SDK (graceful shutdown); nothing to do when tracing is off. */
export const shutdownTracing = (): Promise<void> => hooks().shutdown();
