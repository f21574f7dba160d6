// A labelled form control: the label above, the control, and an optional line of help under it.
// TextField, SelectField and TextAreaField are this with their control. An error sits right under the
// control; the control then carries aria-invalid and names the error first in aria-describedby.
import type { ReactNode } from 'react';

interface FormFieldProps {
  label: ReactNode;
  /** The control's id, so the label is tied to it. */
  htmlFor: string;
  hint?: ReactNode;
  /** Set when the control names the hint in aria-describedby. */
  hintId?: string;
  /** What is wrong with the value, shown under the control in red. */
  error?: ReactNode;
  /** Set when the control names the error in aria-describedby. */
  errorId?: string;
  className?: string;
  children: ReactNode;
}

export function FormField({ label, htmlFor, hint, hintId, error, errorId, className, children }: FormFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error && (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-700" data-testid="field-error">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The ids a control's aria-describedby names: its error first, then its hint. */
export function describedBy(errorId: string | undefined, hintId: string | undefined): string | undefined {
  return [errorId, hintId].filter(Boolean).join(' ') || undefined;
}
