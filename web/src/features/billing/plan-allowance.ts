// What the user's plan allows, stated before the wall: "1 of 1 accounts", "2 of 5 templates", and whether the
// next one fits. The plan's figures are contracts' catalogue, the same billing enforces.
import { findPlan, type Plan } from '@mailwright/contracts';
import type { PlanId } from '../../api';

export interface Allowance {
  /** "1 of 1 accounts"; "3 accounts (unlimited)" on a plan without a limit. */
  text: string;
  /** The limit is used up: adding one more would be refused. */
  isAtLimit: boolean;
}

/** `limit` -1 means unlimited. */
export function allowanceOf(used: number, limit: number, noun: string): Allowance {
  if (limit === -1) return { text: `${used} ${noun} (unlimited)`, isAtLimit: false };
  return { text: `${used} of ${limit} ${noun}`, isAtLimit: used >= limit };
}

/** The plans that include API access, by name: "Pro and Enterprise". */
export function apiAccessPlansText(plans: readonly Plan[]): string {
  const names = plans.filter((plan) => plan.apiAccess).map((plan) => plan.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/** The user's plan as contracts' catalogue states it (an unknown or missing plan is Free). */
export const planOf = (id: PlanId | null | undefined): Plan => findPlan(id ?? 'free');
