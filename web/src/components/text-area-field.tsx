// A labelled <textarea>, with an optional note under it (e.g. which variables a template body has).
import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { describedBy, FormField } from './form-field';
import { inputStyles } from './styles';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  label: string;
  id: string;
  note?: ReactNode;
  error?: string;
  /** Classes added to the shared input look, e.g. 'font-mono'. */
  extraClassName?: string;
}

export function TextAreaField({ label, id, note, error, extraClassName, ...textarea }: TextAreaFieldProps) {
  const errorId = error ? `${id}-error` : undefined;
  const noteId = note ? `${id}-note` : undefined;
  return (
    <FormField label={label} htmlFor={id} hint={note} hintId={noteId} error={error} errorId={errorId}>
      <textarea
        id={id}
        aria-describedby={describedBy(errorId, noteId)}
        aria-invalid={error ? true : undefined}
        className={extraClassName ? `${inputStyles} ${extraClassName}` : inputStyles}
        {...textarea}
      />
    </FormField>
  );
}
