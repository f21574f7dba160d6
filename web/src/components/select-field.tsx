// A labelled <select>; the hint under it is its aria description.
import type { SelectHTMLAttributes } from 'react';
import { FormField } from './form-field';
import { inputStyles } from './styles';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  id: string;
  hint?: string;
}

export function SelectField({ label, id, hint, children, ...select }: SelectFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <FormField label={label} htmlFor={id} hint={hint} hintId={hintId}>
      <select id={id} className={inputStyles} aria-describedby={hintId} {...select}>
        {children}
      </select>
    </FormField>
  );
}
