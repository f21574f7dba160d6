import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EmailAccount } from '../../api';
import { SmtpAccountDialog } from './smtp-account-dialog';

const account = {
  _id: 'a1',
  email: 'sender@example.com',
  displayName: 'Sender',
  provider: 'smtp',
  smtpConfig: { host: 'smtp.example.com', port: 587, secure: false, username: 'sender' },
} as EmailAccount;

describe('SmtpAccountDialog when editing', () => {
  it('keeps the password optional while the host, port and username stay the same', () => {
    render(<SmtpAccountDialog account={account} isSaving={false} onSave={() => {}} onClose={() => {}} />);
    expect((screen.getByLabelText('Password') as HTMLInputElement).required).toBe(false);
    expect(screen.getByText('Leave empty to keep the current password')).toBeTruthy();
  });

  it('asks for the password again before submit once the host changes', () => {
    render(<SmtpAccountDialog account={account} isSaving={false} onSave={() => {}} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('SMTP Host'), { target: { value: 'smtp.other.test' } });
    expect((screen.getByLabelText('Password') as HTMLInputElement).required).toBe(true);
    expect(screen.getByText('Enter the password again to change the host, port or username')).toBeTruthy();
  });
});
