import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './private-address';

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
    // IPv6 forms with an IPv4 address inside
    '::127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:0:127.0.0.1',
    '2002:7f00:1::1',
    '2002:a00:1::1',
    '64:ff9b:1::a00:1',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '142.250.1.1', '2001:4860:4860::8888'])('accepts %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});
