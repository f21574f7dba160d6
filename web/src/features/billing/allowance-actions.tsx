// A screen's plan allowance beside its add button: the count ("2 of 5 templates"), and once the limit is used
// up an Upgrade Plan link to /pricing; the screen disables its add actions then, instead of a refused form.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonStyles } from '../../components/styles';
import type { Allowance } from './plan-allowance';

export const UPGRADE_PLAN_TEXT = 'Upgrade Plan';

export function AllowanceBadge({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <span
      className="inline-flex items-center rounded-full border border-slate-200 bg-slate-50 px-3 py-1.5 text-sm font-medium text-slate-700"
      data-testid={testId}
    >
      {children}
    </span>
  );
}

export function UpgradePlanLink() {
  return (
    <Link to="/pricing" className={buttonStyles.secondary} data-testid="upgrade-plan-link">
      {UPGRADE_PLAN_TEXT}
    </Link>
  );
}

/** The count, then the Upgrade Plan link when the limit is used up (null while the count is unknown). */
export function AllowanceActions({ allowance, testId }: { allowance: Allowance | null; testId: string }) {
  if (!allowance) return null;
  return (
    <>
      <AllowanceBadge testId={testId}>{allowance.text}</AllowanceBadge>
      {allowance.isAtLimit && <UpgradePlanLink />}
    </>
  );
}

/** Why an add action is disabled, for its title and screen readers. */
export const limitReachedText = (noun: string, planName: string) =>
  `Your ${planName} plan's ${noun} limit is reached: upgrade to add more.`;
