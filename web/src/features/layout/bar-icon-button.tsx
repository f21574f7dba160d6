// The icon-only buttons of the top bars (open, collapse and close the menu; the theme) and the line icons they
// and the side menu draw: one 20 px stroke path each.
import type { ButtonHTMLAttributes } from 'react';
import { buttonStyles } from '../../components/styles';

export function LineIcon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className="h-5 w-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}

type BarIconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'children'> & {
  /** The button's accessible name: it shows no text. */
  'aria-label': string;
  /** The icon's SVG path (20 × 20). */
  icon: string;
};

export function BarIconButton({ icon, ...props }: BarIconButtonProps) {
  return (
    <button type="button" className={`${buttonStyles.ghost} px-2`} {...props}>
      <LineIcon path={icon} />
    </button>
  );
}
