// The scopes of a new key, one checkbox each. The last checked box cannot be unchecked: a key needs a scope.
import type { ApiKeyScope } from '../../api';
import { SCOPE_CHOICES } from './scopes';

interface Props {
  scopes: ApiKeyScope[];
  onChange: (scopes: ApiKeyScope[]) => void;
}

export function ScopeCheckboxes({ scopes, onChange }: Props) {
  const toggle = (scope: ApiKeyScope, checked: boolean) =>
    onChange(SCOPE_CHOICES.map((choice) => choice.scope).filter((each) => (each === scope ? checked : scopes.includes(each))));

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">Scopes</legend>
      {SCOPE_CHOICES.map(({ scope, label }) => {
        const checked = scopes.includes(scope);
        return (
          <label key={scope} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300 text-indigo-600"
              checked={checked}
              disabled={checked && scopes.length === 1}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
            {label}
          </label>
        );
      })}
    </fieldset>
  );
}
