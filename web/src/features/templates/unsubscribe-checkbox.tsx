// "Add one-click unsubscribe" (RFC 8058 List-Unsubscribe headers, issue 21), in the send form and the
// template form, with a line saying what it does.
interface Props {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint: string;
  disabled?: boolean;
}

export function UnsubscribeCheckbox({ id, checked, onChange, hint, disabled }: Props) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 h-4 w-4 rounded border-slate-300 text-indigo-600"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          Add one-click unsubscribe
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      </div>
    </div>
  );
}
