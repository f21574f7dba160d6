// A labelled input: the label is tied to the input so screen readers and clicks both work.
import { type InputHTMLAttributes, useId } from 'react';
import { describedBy, FormField } from './form-field';
import { inputStyles } from './styles';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  error?: string;
}

export function TextField({ label, hint, error, id, className = '', ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <FormField label={label} htmlFor={inputId} hint={hint} hintId={hintId} error={error} errorId={errorId} className={className}>
      <input
        id={inputId}
        aria-describedby={describedBy(errorId, hintId)}
        aria-invalid={error ? true : undefined}
        className={inputStyles}
        {...input}
      />
    </FormField>
  );
}
