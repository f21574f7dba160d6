// A labelled <select>; the hint under it is its aria description.
import type { SelectHTMLAttributes } from 'react';
import { describedBy, FormField } from './form-field';
import { inputStyles } from './styles';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  id: string;
  hint?: string;
  error?: string;
}

export function SelectField({ label, id, hint, error, children, ...select }: SelectFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <FormField label={label} htmlFor={id} hint={hint} hintId={hintId} error={error} errorId={errorId}>
      <select
        id={id}
        className={inputStyles}
        aria-describedby={describedBy(errorId, hintId)}
        aria-invalid={error ? true : undefined}
        {...select}
      >
        {children}
      </select>
    </FormField>
  );
}
