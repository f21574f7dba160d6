import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddressField, NewPasswordField } from './auth-fields';
import { AuthForm } from './auth-form';

describe('AuthForm', () => {
  it('says what it is doing and blocks a second submit while busy', () => {
    const { rerender } = render(
      <AuthForm onSubmit={() => {}} isSubmitting={false} submitLabel="Sign in" busyLabel="Signing in...">
        <EmailAddressField value="" onChange={() => {}} />
      </AuthForm>,
    );
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false);
    rerender(
      <AuthForm onSubmit={() => {}} isSubmitting submitLabel="Sign in" busyLabel="Signing in...">
        <EmailAddressField value="" onChange={() => {}} />
      </AuthForm>,
    );
    expect((screen.getByRole('button', { name: 'Signing in...' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('holds a new password to the minimum length', () => {
    render(<NewPasswordField label="New password" value="" onChange={() => {}} />);
    const input = screen.getByLabelText('New password') as HTMLInputElement;
    expect(input.minLength).toBe(6);
    expect(input.placeholder).toBe('Minimum 6 characters');
    expect(input.autocomplete).toBe('new-password');
  });
});
