import type { ResolvedApiKey } from '@mailwright/contracts';
import { AppError, type InternalClient } from '@mailwright/kit';
import { describe, expect, it } from 'vitest';
import { ApiKeyResolver } from './api-key-resolver';

/** An identity whose answers the test changes; each lookup waits for `gate` when one is set. */
function identity() {
  const keys = new Map<string, ResolvedApiKey>();
  const state = { calls: 0, gate: undefined as Promise<void> | undefined };
  const client = {
    async call(_baseUrl: string, _path: string, request: { body: { key: string } }) {
      state.calls += 1;
      const answer = keys.get(request.body.key);
      await state.gate;
      if (!answer) throw new AppError('NOT_FOUND', 'No such key');
      return { data: { ...answer } };
    },
  } as unknown as InternalClient;
  return { client, keys, state };
}

const key = (apiKeyId: string, isActive = true) => ({ apiKeyId, userId: 'owner', isActive }) as ResolvedApiKey;

describe('ApiKeyResolver', () => {
  it('resolves a key once while cached and remembers unknown keys too', async () => {
    const { client, keys, state } = identity();
    keys.set('mw_live_a', key('a'));
    const resolver = new ApiKeyResolver(client, 'http://identity', 60_000);
    expect(await resolver.resolve('mw_live_a')).toMatchObject({ apiKeyId: 'a' });
    expect(await resolver.resolve('mw_live_a')).toMatchObject({ apiKeyId: 'a' });
    expect(await resolver.resolve('mw_live_unknown')).toBeNull();
    expect(await resolver.resolve('mw_live_unknown')).toBeNull();
    expect(state.calls).toBe(2);
  });

  it("forgets a revoked key's answer at once", async () => {
    const { client, keys } = identity();
    keys.set('mw_live_a', key('a'));
    const resolver = new ApiKeyResolver(client, 'http://identity', 60_000);
    await resolver.resolve('mw_live_a');
    keys.set('mw_live_a', key('a', false));
    resolver.revoke({ kind: 'api-key', apiKeyId: 'a' });
    expect(await resolver.resolve('mw_live_a')).toMatchObject({ isActive: false });
  });

  it('does not hand out a lookup that started before a revocation', async () => {
    const { client, keys, state } = identity();
    keys.set('mw_live_a', key('a'));
    let open = () => {};
    state.gate = new Promise((resolve) => {
      open = resolve;
    });
    const resolver = new ApiKeyResolver(client, 'http://identity', 60_000);
    const before = resolver.resolve('mw_live_a');
    keys.set('mw_live_a', key('a', false));
    resolver.revoke({ kind: 'api-key', apiKeyId: 'a' });
    const after = resolver.resolve('mw_live_a');
    open();
    expect(await before).toMatchObject({ isActive: true });
    expect(await after).toMatchObject({ isActive: false });
    expect(await resolver.resolve('mw_live_a')).toMatchObject({ isActive: false });
  });
});
