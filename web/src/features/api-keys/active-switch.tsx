// An API key's Active/Inactive switch (role=switch, named after the key).
import { focusRing } from '../../components/styles';

interface ActiveSwitchProps {
  name: string;
  isActive: boolean;
  disabled: boolean;
  onToggle: () => void;
}

export function ActiveSwitch({ name, isActive, disabled, onToggle }: ActiveSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isActive}
      aria-label={`${name} active`}
      disabled={disabled}
      onClick={onToggle}
      className={`inline-flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-xs font-semibold ${focusRing} ${
        isActive ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-100 text-slate-600'
      }`}
    >
      <span className={`relative h-5 w-9 rounded-full transition ${isActive ? 'bg-emerald-500' : 'bg-slate-300'}`}>
        <span
          className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-all ${isActive ? 'left-[1.125rem]' : 'left-0.5'}`}
        />
      </span>
      {isActive ? 'Active' : 'Inactive'}
    </button>
  );
}
