// One text input per template variable (used by the template preview and by /send-email).
import { TextField } from '../../components/text-field';

interface Props {
  names: string[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  idPrefix: string;
  /** Every variable needs a value (the send form): an empty one says so under its input. */
  required?: boolean;
}

export const VARIABLE_NEEDED = 'Needs a value before the email can be sent';

/** Values for exactly these names: keeps what was typed, adds '' for new names, drops the rest. */
export function valuesFor(names: string[], previous: Record<string, string>): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, Object.hasOwn(previous, name) ? (previous[name] ?? '') : '']));
}

export function VariableInputs({ names, values, onChange, idPrefix, required = false }: Props) {
  if (names.length === 0) return null;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-medium text-slate-700">Variables</legend>
      {names.map((name) => (
        <TextField
          key={name}
          id={`${idPrefix}-${name}`}
          label={name}
          value={values[name] ?? ''}
          onChange={(event) => onChange({ ...values, [name]: event.target.value })}
          placeholder={`Value for {{${name}}}`}
          required={required}
          hint={required && (values[name] ?? '').trim() === '' ? VARIABLE_NEEDED : undefined}
        />
      ))}
    </fieldset>
  );
}
