import { describe, expect, it } from 'vitest';
import { HostError, resolvePublicHost } from './public-host';

describe('resolvePublicHost', () => {
  it('connects to the checked address and keeps the name for TLS', async () => {
    const resolve = async () => ['8.8.4.4', '8.8.8.8'];
    await expect(resolvePublicHost('smtp.example.test', { allowPrivate: false, resolve })).resolves.toEqual({
      connectTo: '8.8.4.4',
      serverName: 'smtp.example.test',
    });
  });

  it('refuses a name when any of its addresses is private, not only the first', async () => {
    const resolve = async () => ['8.8.8.8', '10.0.0.7'];
    await expect(resolvePublicHost('mixed.example.test', { allowPrivate: false, resolve })).rejects.toMatchObject({
      problem: 'private',
    });
  });

  it('checks IP literals (bracketed IPv6 too) without resolving them', async () => {
    const resolve = async (): Promise<string[]> => {
      throw new Error('not asked');
    };
    await expect(resolvePublicHost('8.8.8.8', { allowPrivate: false, resolve })).resolves.toEqual({
      connectTo: '8.8.8.8',
      serverName: '8.8.8.8',
    });
    await expect(resolvePublicHost('[::1]', { allowPrivate: false, resolve })).rejects.toMatchObject({ problem: 'private' });
    await expect(resolvePublicHost('127.0.0.1', { allowPrivate: false })).rejects.toBeInstanceOf(HostError);
  });

  it('resolves once and pins the answer, so a second DNS answer (rebinding) is never used', async () => {
    const answers = [['8.8.4.4'], ['127.0.0.1']];
    let asked = 0;
    const resolve = async () => answers[Math.min(asked++, answers.length - 1)] ?? [];
    await expect(resolvePublicHost('rebind.example.test', { allowPrivate: false, resolve })).resolves.toMatchObject({
      connectTo: '8.8.4.4',
    });
    expect(asked).toBe(1);
  });

  it('still resolves and pins when private targets are allowed', async () => {
    const resolve = async () => ['127.0.0.1'];
    await expect(resolvePublicHost('smtp.local.test', { allowPrivate: true, resolve })).resolves.toEqual({
      connectTo: '127.0.0.1',
      serverName: 'smtp.local.test',
    });
  });

  it('tells an unresolvable host apart, with the resolver code', async () => {
    const failing = async (): Promise<string[]> => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    await expect(resolvePublicHost('gone.example.test', { allowPrivate: false, resolve: failing })).rejects.toMatchObject({
      problem: 'unresolvable',
      code: 'ENOTFOUND',
    });
    await expect(resolvePublicHost('empty.example.test', { allowPrivate: true, resolve: async () => [] })).rejects.toMatchObject({
      problem: 'unresolvable',
      code: undefined,
    });
  });
});
