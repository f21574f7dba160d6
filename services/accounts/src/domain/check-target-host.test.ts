import { describe, expect, it } from 'vitest';
import { checkTargetHost, isPrivateAddress } from './check-target-host';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '142.250.1.1', '2001:4860:4860::8888'])('accepts %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

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
