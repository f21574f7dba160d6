// The fields the sign-in screens share: the email address, and a new password held to the minimum length.
import { TextField } from '../../components/text-field';
import { MIN_PASSWORD_LENGTH } from '../profile/password-rules';

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
}

export function EmailAddressField({ value, onChange }: FieldProps) {
  return (
    <TextField
      label="Email address"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder="you@example.com"
    />
  );
}

export function NewPasswordField({ label, value, onChange }: FieldProps & { label: string }) {
  return (
    <TextField
      label={label}
      type="password"
      name="password"
      autoComplete="new-password"
      required
      minLength={MIN_PASSWORD_LENGTH}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={`Minimum ${MIN_PASSWORD_LENGTH} characters`}
    />
  );
}
