// Tracing in the images' bundles (issue 23): the processes are bundled as the Dockerfile bundles them (bundle.ts, one
// file each plus dist/tracing.mjs) and started as the images start them (imageCommand: `node --import
// ./dist/tracing.mjs dist/<entry>.mjs`, from the bundle's folder, with nothing of the workspace around), against the
// local Postgres and Redis with OTEL_EXPORTER_OTLP_ENDPOINT at a local OTLP receiver. One email sent through the
// bundled gateway must be one trace holding the gateway's, mail's and the worker's spans with pg, ioredis, http and
// Fastify spans in it: in a bundle those packages are only traced when they are real modules the hooks see loading.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gatewayProcess, mailWorkerProcess, type PlatformProcess, platformServices } from '@mailwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageCommand, processes } from '../docker/processes';
import { type CallOptions, callJson } from '../e2e/support/api';
import { OtlpReceiver, type ReceivedSpan } from '../e2e/support/otlp-receiver';
import { sinkSender } from '../e2e/support/sink-sender';
import { SmtpSink } from '../e2e/support/smtp-sink';
import { tracingStackSettings } from '../e2e/support/tracing-stack';
import { waitFor } from '../e2e/support/wait-for';
import { freePort } from '../launcher/free-port';
import { dropDatabase, findPostgres, withDatabase } from '../launcher/postgres';
import { findRedis } from '../launcher/redis';
import { stackEnvironment } from '../launcher/stack-environment';
import { repoRoot } from './image-config';

const SERVER = 2;
const CLIENT = 3;
/** Every process an email needs: the services (sign-up, the sender's account, plan, send), the worker, the gateway. */
const started: PlatformProcess[] = [...platformServices, mailWorkerProcess, gatewayProcess];

const outDir = mkdtempSync(path.join(tmpdir(), 'mailwright-bundle-tracing-'));
const children = new Map<string, ChildProcess>();
let receiver: OtlpReceiver;
let sink: SmtpSink;
let gatewayUrl = '';
let dropOwnDatabase: () => Promise<void> = async () => {};

const api = <T = Record<string, unknown>>(route: string, options: CallOptions = {}) =>
  callJson<T>(`${gatewayUrl}${route}`, options);

/** Starts one bundle as its image does and waits for its /healthz. */
async function startBundle(spec: PlatformProcess, port: number, env: Record<string, string>): Promise<void> {
  const deployable = processes.find((each) => each.name === spec.name);
  if (!deployable) throw new Error(`${spec.name} is not a deployable process`);
  const [, ...args] = imageCommand(deployable);
  const child = spawn(process.execPath, args, {
    cwd: path.join(outDir, spec.name),
    // The image's environment, not the test runner's: no NODE_OPTIONS, no workspace paths.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: outDir, ...env, [spec.portVar]: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(path.join(outDir, `${spec.name}.log`));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  children.set(spec.name, child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${spec.name} exited (${child.exitCode}); see ${outDir}/${spec.name}.log`);
    const ok = await fetch(`http://127.0.0.1:${port}${spec.healthPath}`, { signal: AbortSignal.timeout(1000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${spec.name} did not answer ${spec.healthPath} within 60 s`);
}

beforeAll(async () => {
  const bundled = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'infra/docker/bundle.ts', '--out', outDir, ...started.map((spec) => spec.name)],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (bundled.status !== 0) throw new Error(`bundle.ts failed:\n${bundled.stdout}${bundled.stderr}`);

  receiver = new OtlpReceiver();
  await receiver.start();
  sink = new SmtpSink({ parse: true });
  await sink.start();
  const log = () => {};
  const postgres = await findPostgres(path.join(repoRoot, '.data'), log);
  const redis = await findRedis(path.join(repoRoot, '.data'), log);
  const databaseName = `mw_bundle_tracing_${Date.now().toString(36)}`;
  dropOwnDatabase = () => dropDatabase(postgres.serverUrl, databaseName);
  const settings = tracingStackSettings('bundle-tracing', sink.smtpPort, receiver.url);
  const ports = new Map<string, number>();
  for (const spec of started) ports.set(spec.name, await freePort());
  const env = stackEnvironment(
    {
      databaseUrl: withDatabase(postgres.serverUrl, databaseName),
      redisUrl: redis.url,
      ...settings,
      ports: 'random',
      env: { ...settings.env, HOST: '127.0.0.1' },
    },
    ports,
  );
  const portOf = (spec: PlatformProcess) => ports.get(spec.name) ?? 0;
  // Identity first: it creates the database; then the other services (each migrates its schema), the worker, the gateway.
  const [first, ...others] = platformServices;
  if (first) await startBundle(first, portOf(first), env);
  await Promise.all(others.map((spec) => startBundle(spec, portOf(spec), env)));
  await startBundle(mailWorkerProcess, portOf(mailWorkerProcess), env);
  await startBundle(gatewayProcess, portOf(gatewayProcess), env);
  gatewayUrl = `http://127.0.0.1:${portOf(gatewayProcess)}`;
}, 240_000);

afterAll(async () => {
  for (const child of children.values()) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    child.kill('SIGKILL');
  }
  await sink?.stop();
  await receiver?.stop();
  await dropOwnDatabase().catch(() => {});
  rmSync(outDir, { recursive: true, force: true });
}, 60_000);

describe('tracing in the bundled processes', () => {
  it('loads the OpenTelemetry SDK only with an OTLP endpoint', () => {
    const probe = [
      '--input-type=module',
      '-e',
      "console.log(JSON.stringify([Symbol.for('mailwright.tracing.spanHooks') in globalThis, Symbol.for('opentelemetry.js.api.1') in globalThis]))",
    ];
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', './dist/tracing.mjs', ...probe], {
        cwd: path.join(outDir, 'gateway'),
        env: { PATH: process.env.PATH ?? '', ...env },
        encoding: 'utf8',
      });
    const off = run({});
    expect(off.stderr).toBe('');
    expect(off.stdout.trim()).toBe('[false,false]');
    expect(run({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }).stdout.trim()).toBe('[true,true]');
  });

  it('follows one email sent through the bundled gateway in one trace, with pg, ioredis, http and Fastify spans', async () => {
    const { token } = await sinkSender(gatewayUrl, sink, 'bundle-tracer');
    const to = `reader-${randomBytes(4).toString('hex')}@inbox.test`;
    const sent = await api<{ data: { _id: string } }>('/api/emails/send', {
      token,
      body: { to: [to], subject: 'Traced from a bundle', body: 'Follow me' },
    });
    expect(sent.status).toBe(201);
    const emailId = sent.body.data._id;
    await waitFor('the email at the sink', () => sink.messages.find((message) => message.to.includes(to)));

    const deliver = await waitFor('the delivery span', () =>
      receiver.spans.find((span) => span.name === 'email.deliver' && span.attributes['mailwright.email.id'] === emailId),
    );
    const trace = await waitFor('the whole trace', () => {
      const spans = receiver.trace(deliver.traceId);
      return spans.some((span) => span.service === 'gateway' && span.parentSpanId === null) ? spans : undefined;
    });
    const scopesOf = (service: string) => new Set(trace.filter((span) => span.service === service).map((span) => span.scope));
    const summary = [...new Set(trace.map((span) => `${span.service} ${span.scope}`))].sort().join('\n');

    // Each bundle names its process (no OTEL_SERVICE_NAME is given): gateway, mail and the worker are in the trace.
    expect(deliver.service).toBe('mail-worker');
    expect(trace.some((span) => span.name === 'email.transport' && span.parentSpanId === deliver.spanId)).toBe(true);
    expect(trace.some((span) => span.name === 'send.enqueue' && span.service === 'mail')).toBe(true);
    // The instrumented packages, as bundled: http (and a client span for the call to mail, http or undici) at the
    // gateway, Fastify, pg and ioredis (the send queue) at mail, pg at the worker.
    expect(scopesOf('gateway'), summary).toContain('@opentelemetry/instrumentation-http');
    expect(trace.some((span) => span.service === 'gateway' && span.kind === CLIENT)).toBe(true);
    expect(scopesOf('mail'), summary).toContain('@fastify/otel');
    expect(scopesOf('mail'), summary).toContain('@opentelemetry/instrumentation-pg');
    expect(scopesOf('mail'), summary).toContain('@opentelemetry/instrumentation-ioredis');
    expect(scopesOf('mail-worker'), summary).toContain('@opentelemetry/instrumentation-pg');

    // email.deliver -> (mail's spans of the request) -> the gateway's server span, the trace's root.
    const byId = new Map(trace.map((span) => [span.spanId, span]));
    const chain: ReceivedSpan[] = [];
    for (let parent = byId.get(deliver.parentSpanId ?? ''); parent; parent = byId.get(parent.parentSpanId ?? '')) {
      chain.push(parent);
    }
    expect(chain.some((span) => span.service === 'mail' && span.kind === SERVER)).toBe(true);
    expect(chain.at(-1)).toMatchObject({ service: 'gateway', kind: SERVER, parentSpanId: null });
  });
});
