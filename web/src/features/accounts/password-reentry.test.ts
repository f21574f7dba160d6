import { describe, expect, it } from 'vitest';
import type { EmailAccount } from '../../api';
import { changesPasswordTarget } from './password-reentry';

const account = {
  smtpConfig: { host: 'smtp.example.com', port: 587, secure: false, username: 'sender' },
} as EmailAccount;
const same = { host: 'smtp.example.com', port: '587', username: 'sender' };

describe('changesPasswordTarget', () => {
  it('keeps the stored password for the same host, port and username', () => {
    expect(changesPasswordTarget(account, same)).toBe(false);
    expect(changesPasswordTarget(account, { host: ' SMTP.example.com ', port: '587', username: ' sender ' })).toBe(false);
  });

  it('asks for the password again when the host, port or username changes', () => {
    expect(changesPasswordTarget(account, { ...same, host: 'smtp.evil.test' })).toBe(true);
    expect(changesPasswordTarget(account, { ...same, port: '2525' })).toBe(true);
    expect(changesPasswordTarget(account, { ...same, username: 'other' })).toBe(true);
  });
});
