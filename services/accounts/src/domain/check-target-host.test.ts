import { describe, expect, it } from 'vitest';
import { checkTargetHost } from './check-target-host';

describe('checkTargetHost', () => {
  it('refuses a loopback host when private targets are not allowed', async () => {
    await expect(checkTargetHost('localhost', false)).rejects.toThrow(/private or loopback/);
    await expect(checkTargetHost('127.0.0.1', false)).rejects.toThrow(/private or loopback/);
  });

  it('lets any host through when private targets are allowed', async () => {
    await expect(checkTargetHost('127.0.0.1', true)).resolves.toEqual({ connectTo: '127.0.0.1', serverName: '127.0.0.1' });
  });

  it('connects to the vetted address of a public literal', async () => {
    await expect(checkTargetHost('8.8.8.8', false)).resolves.toEqual({ connectTo: '8.8.8.8', serverName: '8.8.8.8' });
  });
});
