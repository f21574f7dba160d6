import { describe, expect, it } from 'vitest';
import { waitFor } from '../e2e/support/wait-for';
import { systemAddresses, upstreamHostNames, watchUpstreamAddresses } from './upstream-addresses';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until every scripted answer was given, and a few rounds more (a loaded host runs intervals late). */
async function answered(remaining: () => number): Promise<void> {
  await waitFor('every scripted answer', () => remaining() === 0 || undefined, 5_000, 10);
  await sleep(30);
}

describe('the names nginx resolves', () => {
  it('are the host names of the upstream URLs, once each, addresses left out', () => {
    expect(
      upstreamHostNames([
        'http://gateway:8080',
        'http://mail:4004/',
        'http://mail:4004',
        'http://127.0.0.1:4001',
        'http://[::1]:4002',
      ]),
    ).toEqual(['gateway', 'mail']);
  });
});

describe('watching the upstream addresses', () => {
  it('reports a name whose addresses changed, once, and nothing while they stay (in any order) or fail to resolve', async () => {
    const answers: Record<string, Array<string[] | Error>> = {
      gateway: [['10.0.0.2'], ['10.0.0.2'], ['10.0.0.9'], ['10.0.0.9'], new Error('ENOTFOUND'), ['10.0.0.9']],
      mail: [
        ['10.0.0.3', '10.0.0.4'],
        ['10.0.0.3', '10.0.0.4'],
        ['10.0.0.3', '10.0.0.4'],
        ['10.0.0.3', '10.0.0.4'],
      ],
    };
    const lookup = async (host: string) => {
      const next = answers[host]?.shift() ?? new Error('no more answers');
      if (next instanceof Error) throw next;
      return next;
    };
    const reports: string[][] = [];
    const watch = watchUpstreamAddresses(['gateway', 'mail'], (changed) => reports.push(changed), {
      intervalMs: 10,
      lookup,
    });
    await answered(() => (answers.gateway?.length ?? 0) + (answers.mail?.length ?? 0));
    watch.stop();
    expect(reports).toEqual([['gateway']]);
  });

  it('reloads after a name went missing for a while and came back elsewhere', async () => {
    const answers: Array<string[] | Error> = [['10.0.0.2'], new Error('ENOTFOUND'), new Error('ENOTFOUND'), ['10.0.0.7']];
    const reports: string[][] = [];
    const watch = watchUpstreamAddresses(['gateway'], (changed) => reports.push(changed), {
      intervalMs: 10,
      lookup: async () => {
        const next = answers.shift() ?? ['10.0.0.7'];
        if (next instanceof Error) throw next;
        return next;
      },
    });
    await answered(() => answers.length);
    watch.stop();
    expect(reports).toEqual([['gateway']]);
  });

  it('looks names up as nginx does, with the system resolver', async () => {
    expect(await systemAddresses('localhost')).toContain('127.0.0.1');
    await expect(systemAddresses('no-such-host.invalid')).rejects.toThrow();
  });
});
