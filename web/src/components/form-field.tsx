// A labelled form control: the label above, the control, and an optional line of help under it.
// TextField, SelectField and TextAreaField are this with their control.
import type { ReactNode } from 'react';

interface FormFieldProps {
  label: ReactNode;
  /** The control's id, so the label is tied to it. */
  htmlFor: string;
  hint?: ReactNode;
  /** Set when the control names the hint in aria-describedby. */
  hintId?: string;
  className?: string;
  children: ReactNode;
}

export function FormField({ label, htmlFor, hint, hintId, className, children }: FormFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
