// One shared stack for every whole-stack test file: a fresh database, an SMTP sink, and every process started from
// its production bundle as its image starts it (random ports, logs under test-artifacts/logs). The tracing suite's
// stack runs its processes from sources, as `npm start` does.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { smtpIntakeProcess } from '@mailwright/contracts';
import { type ImapServer, startImapServer, TEST_PASSWORD_HASH_ENV } from '@mailwright/kit/testing';
import type { TestProject } from 'vitest/node';
import { testBundles } from '../docker/build-bundles';
import { nginxPath } from '../edge/nginx-binary';
import { dropDatabase as dropNamedDatabase, findPostgres, withDatabase } from '../launcher/postgres';
import { findRedis } from '../launcher/redis';
import { EDGE_PROCESS, type Stack, startStack } from '../launcher/stack';
import { listenerPortKey } from '../launcher/stack-environment';
import { GoogleStandIn } from './support/oauth-stand-in';
import { RazorpayStandIn } from './support/razorpay-stand-in';
import { SmtpSink } from './support/smtp-sink';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    gatewayUrl: string;
    sinkApiUrl: string;
    sinkSmtpPort: number;
    databaseUrl: string;
    redisUrl: string;
    internalSecret: string;
    serviceUrls: Record<string, string>;
    checkoutOrigin: string;
    imapPort: number;
    /** The SMTP intake's STARTTLS listener (issue 22). */
    smtpIntakePort: number;
    /** Whether nginx fronts the gateway (infra/edge): where nginx is installed. */
    edge: boolean;
  }
}

let stack: Stack | undefined;
let sink: SmtpSink | undefined;
let imap: ImapServer | undefined;
let razorpay: RazorpayStandIn | undefined;
let google: GoogleStandIn | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

export async function setup(project: TestProject): Promise<void> {
  const log = (line: string) => console.log(`[e2e] ${line}`);
  const postgres = await findPostgres(path.join(rootDir, '.data'), log);
  const redis = await findRedis(path.join(rootDir, '.data'), log);
  const databaseName = `mw_e2e_${Date.now().toString(36)}`;
  const databaseUrl = withDatabase(postgres.serverUrl, databaseName);
  dropDatabase = () => dropNamedDatabase(postgres.serverUrl, databaseName);
  rmSync(path.join(rootDir, 'test-artifacts', 'logs'), { recursive: true, force: true });
  // Senders' own mailboxes (issue 21): a real IMAP server the feedback reader reads bounces and replies from.
  imap = await startImapServer();
  sink = new SmtpSink({ parse: true, mailboxes: imap });
  await sink.start();
  razorpay = new RazorpayStandIn();
  await razorpay.start();
  google = new GoogleStandIn();
  await google.start();
  const internalSecret = `e2e-internal-secret-${Date.now()}-0123456789abcdef`;
  stack = await startStack({
    rootDir,
    databaseUrl,
    redisUrl: redis.url,
    secrets: {
      INTERNAL_SECRET: internalSecret,
      ENCRYPTION_KEY: 'a'.repeat(16) + 'b'.repeat(16) + 'c'.repeat(16) + 'd'.repeat(16),
      TRACKING_SECRET: `e2e-tracking-${Date.now()}`,
    },
    ports: 'random',
    workers: 1,
    bundleDir: testBundles(log, 'e2e-bundles'),
    env: {
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      SYSTEM_SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
      ALLOW_PRIVATE_TARGETS: 'true',
      RATE_LIMIT_AUTH_MAX: '1000',
      FEEDBACK_POLL_MS: '1000',
      ...TEST_PASSWORD_HASH_ENV,
      ...razorpay.env(),
      ...google.env(),
      QUEUE_PREFIX: `e2e${Date.now().toString(36)}`,
    },
    output: 'files',
    logDir: path.join(rootDir, 'test-artifacts', 'logs'),
    log,
    // Every whole-stack and browser test then passes through the edge, as a production install behind nginx would
    // (E2E_EDGE=false runs them against the gateway alone).
    edge: nginxPath() !== null && process.env.E2E_EDGE !== 'false',
  });
  log(stack.processes.has(EDGE_PROCESS) ? 'nginx fronts the gateway (the edge)' : 'no edge (nginx missing or E2E_EDGE=false)');
  // The web app's browser tests (web/e2e) read these; test workers start after this and inherit them.
  process.env.E2E_BASE_URL = stack.gatewayUrl;
  process.env.E2E_SINK_URL = `http://127.0.0.1:${sink.apiPort}`;
  project.provide('gatewayUrl', stack.gatewayUrl);
  project.provide('sinkApiUrl', `http://127.0.0.1:${sink.apiPort}`);
  project.provide('sinkSmtpPort', sink.smtpPort);
  project.provide('imapPort', imap.port);
  const intakePort = stack.ports.get(listenerPortKey(smtpIntakeProcess.name, 'submission'));
  if (intakePort === undefined) throw new Error('the SMTP intake did not start (is openssl installed?)');
  project.provide('smtpIntakePort', intakePort);
  project.provide('databaseUrl', databaseUrl);
  project.provide('edge', stack.processes.has(EDGE_PROCESS));
  project.provide('checkoutOrigin', razorpay.checkoutOrigin);
  project.provide('redisUrl', redis.url);
  project.provide('internalSecret', internalSecret);
  project.provide('serviceUrls', Object.fromEntries([...stack.ports.keys()].map((name) => [name, stack!.urlOf(name)])));
}

export async function teardown(): Promise<void> {
  await stack?.stop();
  await sink?.stop();
  await imap?.stop();
  await razorpay?.stop();
  await google?.stop();
  await dropDatabase?.();
}
