// What every benchmark phase needs: the running stack, the sink, the customer, and how to talk to them.
import type http from 'node:http';
import os from 'node:os';
import type { Stack } from '../launcher/stack';
import type { AutovacuumStandIn } from './autovacuum';
import type { BenchSink } from './bench-sink';
import type { BenchUser } from './bench-user';

export interface BenchContext {
  stack: Stack;
  sink: BenchSink;
  user: BenchUser;
  databaseUrl: string;
  internalSecret: string;
  agent: http.Agent;
  /** VACUUM (ANALYZE) between phases when the server's autovacuum is off (autovacuum.ts). */
  autovacuum: AutovacuumStandIn;
  log: (line: string) => void;
}

export const sendBody = (to: string, index: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    to: [to],
    subject: `Benchmark email ${index}`,
    body: `<p>Hello from the benchmark, email ${index}.</p><p><a href="https://example.com/offer?i=${index}">See the offer</a></p>`,
    ...extra,
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The 1- and 5-minute load averages, reported beside every figure (the machine is shared). */
export const loadAverage = () => {
  const [one = 0, five = 0] = os.loadavg();
  return { one: Math.round(one * 100) / 100, five: Math.round(five * 100) / 100 };
};
