import { AppError } from '@mailwright/kit';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ApiKeyUsageReporter } from './api-key-usage';

function recordingLog() {
  const warnings: string[] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(String(args.at(-1))) } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

describe('ApiKeyUsageReporter', () => {
  it('sends each used key once per report', async () => {
    const sent: string[][] = [];
    const reporter = new ApiKeyUsageReporter(async (ids) => void sent.push(ids), recordingLog().log, 60_000);
    for (const id of ['a', 'b', 'a', 'a']) reporter.record(id);
    await reporter.flush();
    await reporter.flush();
    expect(sent).toEqual([['a', 'b']]);
    await reporter.close();
  });

  it('tries a failed report again with the next one', async () => {
    const sent: string[][] = [];
    let fail = true;
    const { log, warnings } = recordingLog();
    const reporter = new ApiKeyUsageReporter(
      async (ids) => {
        if (fail) throw new AppError('SERVICE_UNAVAILABLE', 'down');
        sent.push(ids);
      },
      log,
      60_000,
    );
    reporter.record('a');
    await reporter.flush();
    fail = false;
    reporter.record('b');
    await reporter.flush();
    expect(sent.map((ids) => [...ids].sort())).toEqual([['a', 'b']]);
    expect(warnings).toHaveLength(1);
    await reporter.close();
  });

  it('drops reports identity has no route for (404), with one warning', async () => {
    let calls = 0;
    const { log, warnings } = recordingLog();
    const reporter = new ApiKeyUsageReporter(
      async () => {
        calls += 1;
        throw new AppError('NOT_FOUND', 'Route POST /internal/api-keys/usage not found');
      },
      log,
      60_000,
    );
    reporter.record('a');
    await reporter.flush();
    reporter.record('b');
    await reporter.flush();
    await reporter.flush();
    expect(calls).toBe(2);
    expect(warnings).toEqual(['identity does not take API key usage reports (404): last-used times are not recorded']);
    await reporter.close();
  });
});
