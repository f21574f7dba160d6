import { afterEach, describe, expect, it } from 'vitest';
import { ApiKeyUsage } from './api-key-usage';

describe('API key usage', () => {
  const writes: Array<{ ids: string[]; usedAt: Date }> = [];
  let usage: ApiKeyUsage | undefined;
  const create = () => {
    usage = new ApiKeyUsage(
      async (ids, usedAt) => {
        writes.push({ ids, usedAt });
      },
      (error) => {
        throw error;
      },
      60_000,
    );
    return usage;
  };

  afterEach(async () => {
    await usage?.close();
    writes.length = 0;
  });

  it('writes the first use at once and holds later uses within the minute', async () => {
    const recorder = create();
    const t0 = new Date('2025-01-01T00:00:00Z');
    recorder.record('a', t0);
    recorder.record('a', new Date(t0.getTime() + 1_000));
    recorder.record('a', new Date(t0.getTime() + 2_000));
    expect(writes).toEqual([{ ids: ['a'], usedAt: t0 }]);
    await recorder.flush();
    expect(writes).toHaveLength(2);
    expect(writes[1]).toEqual({ ids: ['a'], usedAt: new Date(t0.getTime() + 2_000) });
  });

  it('writes again at once when a minute has passed since the last write', () => {
    const recorder = create();
    const t0 = new Date('2025-01-01T00:00:00Z');
    recorder.record('a', t0);
    recorder.record('a', new Date(t0.getTime() + 61_000));
    expect(writes.map((write) => write.usedAt.getTime() - t0.getTime())).toEqual([0, 61_000]);
  });

  it('flushes nothing when nothing is waiting', async () => {
    const recorder = create();
    await recorder.flush();
    expect(writes).toEqual([]);
  });
});
