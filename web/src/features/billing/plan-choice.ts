// What a plan card's button does for a signed-in user (spec sections 2 and 4).
import type { PlanId } from '../../api';
import { planRank } from './plan-catalogue';

export type PlanChoice = 'current' | 'downgrade' | 'subscribe';

export function planChoice(current: PlanId, target: PlanId): PlanChoice {
  if (current === target) return 'current';
  return planRank(target) < planRank(current) ? 'downgrade' : 'subscribe';
}

export function planButtonLabel(choice: PlanChoice, isBusy: boolean): string {
  if (isBusy) return 'Processing...';
  if (choice === 'current') return 'Current Plan';
  return choice === 'downgrade' ? 'Downgrade' : 'Subscribe Now';
}
