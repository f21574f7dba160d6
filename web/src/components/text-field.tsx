// A labelled input: the label is tied to the input so screen readers and clicks both work.
import { type InputHTMLAttributes, useId } from 'react';
import { FormField } from './form-field';
import { inputStyles } from './styles';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
}

export function TextField({ label, hint, id, className = '', ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <FormField label={label} htmlFor={inputId} hint={hint} hintId={hintId} className={className}>
      <input id={inputId} aria-describedby={hintId} className={inputStyles} {...input} />
    </FormField>
  );
}
