import { AppError, type InternalClient } from '@mailwright/kit';
import { describe, expect, it } from 'vitest';
import { SessionVersions } from './session-versions';

/** An identity that answers each user's version from `versions`, counting the calls. */
function identity(versions: Record<string, number | 'missing' | 'down'>) {
  const calls: string[] = [];
  const client = {
    async call(_baseUrl: string, path: string) {
      const userId = decodeURIComponent(path.split('/').pop() ?? '');
      calls.push(userId);
      const version = versions[userId];
      if (version === 'missing') throw new AppError('NOT_FOUND', 'No such user');
      if (version === 'down' || version === undefined) throw new Error('fetch failed');
      return { data: { sessionVersion: version } };
    },
  } as unknown as InternalClient;
  return { client, calls };
}

describe('SessionVersions', () => {
  it("asks identity once for concurrent reads of one user's version", async () => {
    const { client, calls } = identity({ ana: 2 });
    const versions = new SessionVersions(client, 'http://identity', 60_000);
    expect(await Promise.all([versions.current('ana'), versions.current('ana')])).toEqual([2, 2]);
    expect(await versions.current('ana')).toBe(2);
    expect(calls).toEqual(['ana']);
  });

  it('takes a revocation at once and never lowers the version below it', async () => {
    const { client } = identity({ ana: 1 });
    const versions = new SessionVersions(client, 'http://identity', 60_000);
    versions.revoke({ kind: 'sessions', userId: 'ana', sessionVersion: 5 });
    expect(await versions.current('ana')).toBe(5);
  });

  it('ends every session of a deleted user and refuses with 503 when identity cannot answer', async () => {
    const { client } = identity({ gone: 'missing', ana: 'down' });
    const versions = new SessionVersions(client, 'http://identity', 60_000);
    expect(await versions.current('gone')).toBe(Number.POSITIVE_INFINITY);
    await expect(versions.current('ana')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
