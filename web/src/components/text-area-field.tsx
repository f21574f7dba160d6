// A labelled <textarea>, with an optional note under it (e.g. which variables a template body has).
import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { FormField } from './form-field';
import { inputStyles } from './styles';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  label: string;
  id: string;
  note?: ReactNode;
  /** Classes added to the shared input look, e.g. 'font-mono'. */
  extraClassName?: string;
}

export function TextAreaField({ label, id, note, extraClassName, ...textarea }: TextAreaFieldProps) {
  return (
    <FormField label={label} htmlFor={id} hint={note}>
      <textarea id={id} className={extraClassName ? `${inputStyles} ${extraClassName}` : inputStyles} {...textarea} />
    </FormField>
  );
}
