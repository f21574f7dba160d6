// Send-API latency at a fixed arrival rate (open loop), through the gateway with an API key and directly
// against the mail service with the internal token the gateway would forward; the ratio is the gateway's cost.
import { signInternalToken } from '@mailwright/kit';
import { type BenchContext, loadAverage, sendBody, sleep } from '../context';
import { cpuPerUnit, cpuSnapshot } from '../cpu-usage';
import { type OpenLoopResult, runOpenLoop } from '../open-loop';

export interface LatencyRun extends OpenLoopResult {
  load: { one: number; five: number };
  /** CPU milliseconds per request per process during the run (the workers deliver meanwhile). */
  cpuMsPerRequest: Record<string, number>;
}

export async function measureGatewayLatency(
  ctx: BenchContext,
  /** idempotent: every request carries an Idempotency-Key of its own (a first use, stored with the email). */
  options: { ratePerSecond: number; durationMs: number; tag: string; idempotent?: boolean },
): Promise<LatencyRun> {
  const url = new URL('/api/emails/api/send', ctx.stack.gatewayUrl);
  const headers = { 'x-api-key': ctx.user.apiKey };
  const headersOf = (index: number) =>
    options.idempotent ? { ...headers, 'idempotency-key': `${options.tag}-${index}` } : headers;
  const cpuBefore = cpuSnapshot(ctx.stack);
  const result = await runOpenLoop({
    agent: ctx.agent,
    ratePerSecond: options.ratePerSecond,
    durationMs: options.durationMs,
    build: (index) => ({
      url,
      method: 'POST',
      headers: headersOf(index),
      body: sendBody(`${options.tag}+${index}@bench.test`, index),
    }),
    ok: (status) => status === 201,
    onProgress: (done, total) => ctx.log(`  ${options.tag}: ${done}/${total} requests answered`),
  });
  return { ...result, load: loadAverage(), cpuMsPerRequest: cpuPerUnit(cpuBefore, cpuSnapshot(ctx.stack), result.sent) };
}

export async function measureDirectLatency(
  ctx: BenchContext,
  options: { ratePerSecond: number; durationMs: number; tag: string },
): Promise<LatencyRun> {
  const url = new URL('/emails/api/send', ctx.stack.urlOf('mail'));
  const claims = { kind: 'api_key' as const, userId: ctx.user.userId, apiKeyId: ctx.user.apiKeyId };
  // Tokens live 60 s; the gateway re-signs every 30 s, so does this.
  let token = await signInternalToken(ctx.internalSecret, claims);
  const renew = setInterval(() => {
    void signInternalToken(ctx.internalSecret, claims).then((fresh) => {
      token = fresh;
    });
  }, 30_000);
  try {
    const cpuBefore = cpuSnapshot(ctx.stack);
    const result = await runOpenLoop({
      agent: ctx.agent,
      ratePerSecond: options.ratePerSecond,
      durationMs: options.durationMs,
      build: (index) => ({
        url,
        method: 'POST',
        headers: { 'x-mailwright-internal': token },
        body: sendBody(`${options.tag}+${index}@bench.test`, index),
      }),
      ok: (status) => status === 201,
      onProgress: (done, total) => ctx.log(`  ${options.tag}: ${done}/${total} requests answered`),
    });
    return { ...result, load: loadAverage(), cpuMsPerRequest: cpuPerUnit(cpuBefore, cpuSnapshot(ctx.stack), result.sent) };
  } finally {
    clearInterval(renew);
  }
}

/** Waits until the sink has every email of `tag` (between phases, so phases do not overlap). */
export async function waitForDeliveries(ctx: BenchContext, tag: string, expected: number, timeoutMs = 120_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (ctx.sink.count(tag) < expected && Date.now() < deadline) await sleep(50);
  return ctx.sink.count(tag);
}
