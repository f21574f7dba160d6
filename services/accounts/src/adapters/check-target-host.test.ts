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

  it('refuses a name when any of its addresses is private, not only the first', async () => {
    const mixed = async () => [{ address: '8.8.8.8' }, { address: '10.0.0.7' }];
    await expect(checkTargetHost('mixed.example.test', false, mixed)).rejects.toThrow(/private or loopback/);
  });

  it('pins the connection to the address it checked, so a second DNS answer (rebinding) is never used', async () => {
    const answers = [[{ address: '8.8.4.4' }], [{ address: '127.0.0.1' }]];
    let asked = 0;
    const rebinding = async () => answers[Math.min(asked++, answers.length - 1)] ?? [];
    await expect(checkTargetHost('rebind.example.test', false, rebinding)).resolves.toEqual({
      connectTo: '8.8.4.4',
      serverName: 'rebind.example.test',
    });
    expect(asked).toBe(1);
  });
});
