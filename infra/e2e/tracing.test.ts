// Tracing across processes (issue 23): a stack of its own with OTEL_EXPORTER_OTLP_ENDPOINT pointed at a local
// OTLP/HTTP receiver. One email sent through the gateway is one trace: gateway -> mail -> send queue -> worker ->
// transport, with the Postgres and Redis calls in it.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmailLog } from '@mailwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase, findPostgres, withDatabase } from '../launcher/postgres';
import { findRedis } from '../launcher/redis';
import { type Stack, startStack } from '../launcher/stack';
import { type CallOptions, callJson } from './support/api';
import { OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';
import { sinkSender } from './support/sink-sender';
import { SmtpSink } from './support/smtp-sink';
import { tracingStackSettings } from './support/tracing-stack';
import { waitFor } from './support/wait-for';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = 2;

let receiver: OtlpReceiver;
let sink: SmtpSink;
let stack: Stack | undefined;
let dropOwnDatabase: () => Promise<void> = async () => {};
let verifyTokenSeen = '';

const api = <T = Record<string, unknown>>(route: string, options: CallOptions = {}) =>
  callJson<T>(`${stack?.gatewayUrl}${route}`, options);

/** The span's ancestors in its trace, nearest first. */
function ancestorsOf(span: ReceivedSpan, trace: ReceivedSpan[]): ReceivedSpan[] {
  const byId = new Map(trace.map((each) => [each.spanId, each]));
  const chain: ReceivedSpan[] = [];
  for (let parent = byId.get(span.parentSpanId ?? ''); parent; parent = byId.get(parent.parentSpanId ?? '')) {
    chain.push(parent);
  }
  return chain;
}

beforeAll(async () => {
  receiver = new OtlpReceiver();
  await receiver.start();
  sink = new SmtpSink({ parse: true });
  await sink.start();
  const log = (line: string) => console.log(`[tracing] ${line}`);
  const postgres = await findPostgres(path.join(rootDir, '.data'), log);
  const redis = await findRedis(path.join(rootDir, '.data'), log);
  const databaseName = `mw_tracing_${Date.now().toString(36)}`;
  dropOwnDatabase = () => dropDatabase(postgres.serverUrl, databaseName);
  const settings = tracingStackSettings('tracing', sink.smtpPort, receiver.url);
  stack = await startStack({
    rootDir,
    databaseUrl: withDatabase(postgres.serverUrl, databaseName),
    redisUrl: redis.url,
    ...settings,
    // As the images run (dist/tracing.mjs loaded before each bundle) where npm test built the bundles; else from the
    // sources, with the register module loaded after tsx.
    bundleDir: process.env.TEST_BUNDLES_DIR,
    ports: 'random',
    workers: 1,
    smtpIntake: false,
    output: 'files',
    logDir: path.join(rootDir, 'test-artifacts', 'tracing-logs'),
    log,
  });
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await sink?.stop();
  await receiver?.stop();
  await dropOwnDatabase().catch(() => {});
});

describe('tracing', () => {
  it("follows one email in one trace from the gateway through mail and the queue to the worker's transport", async () => {
    const { token, verifyToken } = await sinkSender(stack?.gatewayUrl ?? '', sink, 'tracer');
    verifyTokenSeen = verifyToken;
    const to = `reader-${randomBytes(4).toString('hex')}@inbox.test`;
    const sent = await api<{ data: EmailLog }>('/api/emails/send', {
      token,
      body: { to: [to], subject: 'Traced', body: 'Follow me' },
      headers: { 'x-request-id': 'req-traced-send' },
    });
    expect(sent.status).toBe(201);
    const emailId = sent.body.data._id;
    await waitFor('the email at the sink', () => sink.messages.find((message) => message.to.includes(to)));

    const deliver = await waitFor('the delivery span', () =>
      receiver.spans.find((span) => span.name === 'email.deliver' && span.attributes['mailwright.email.id'] === emailId),
    );
    const transport = await waitFor('the transport span', () =>
      receiver.spans.find((span) => span.name === 'email.transport' && span.parentSpanId === deliver.spanId),
    );
    // The gateway's span is exported when its response has gone: wait until the trace has its root.
    const trace = await waitFor('the whole trace', () => {
      const spans = receiver.trace(deliver.traceId);
      return spans.some((span) => span.service === 'gateway' && span.parentSpanId === null) ? spans : undefined;
    });

    expect(deliver).toMatchObject({ service: 'mail-worker', traceId: deliver.traceId });
    expect(deliver.attributes).toMatchObject({ 'mailwright.account.kind': 'smtp', 'mailwright.recipient.domain': 'inbox.test' });
    expect(transport).toMatchObject({ service: 'mail-worker', attributes: { 'mailwright.transport': 'smtp' } });
    const services = new Set(trace.map((span) => span.service));
    for (const service of ['gateway', 'mail', 'mail-worker']) expect(services).toContain(service);
    expect(trace.some((span) => span.scope.includes('instrumentation-pg'))).toBe(true);
    expect(trace.some((span) => span.scope.includes('instrumentation-ioredis'))).toBe(true);
    expect(trace.some((span) => span.name === 'send.enqueue' && span.service === 'mail')).toBe(true);
    // The mail service's calls to the other services (the sender's account, the plan) are client spans of this trace.
    const internalCall = trace.find((span) => span.service === 'mail' && span.scope.includes('instrumentation-undici'));
    expect(internalCall, 'an internal call of the mail service in the trace').toBeDefined();
    expect(trace.some((span) => span.parentSpanId === internalCall?.spanId && span.kind === SERVER)).toBe(true);

    // email.deliver -> (the mail service's spans of the request) -> the gateway's server span.
    const chain = ancestorsOf(deliver, trace);
    expect(chain.some((span) => span.service === 'mail' && span.kind === SERVER)).toBe(true);
    const root = chain.at(-1);
    expect(root).toMatchObject({ service: 'gateway', kind: SERVER, parentSpanId: null });
    // The request id ties the trace to the log lines of the request.
    expect(trace.some((span) => span.attributes['mailwright.request.id'] === 'req-traced-send')).toBe(true);

    // Nothing secret or personal in any span: no recipient address, no password, no token, no e-mailed link.
    const exported = JSON.stringify(receiver.spans);
    for (const secret of [to, token, verifyTokenSeen, 'sink-accepts-anything']) expect(exported).not.toContain(secret);
  });
});
