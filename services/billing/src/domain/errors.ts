// Billing's failures with their exact texts.
import { ALREADY_FREE_MESSAGE, PAYMENTS_NOT_CONFIGURED_MESSAGE, type PlanId } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { findPlan, isPlanId } from './plans';

export const paymentsNotConfigured = () => new AppError('PAYMENTS_NOT_CONFIGURED', PAYMENTS_NOT_CONFIGURED_MESSAGE);

export function requirePlanId(value: string): PlanId {
  if (isPlanId(value)) return value;
  throw new AppError('BAD_REQUEST', `Unknown plan "${value.slice(0, 32)}". Choose free, pro or enterprise.`);
}

export function alreadyOnPlan(plan: PlanId): AppError {
  if (plan === 'free') return new AppError('BAD_REQUEST', ALREADY_FREE_MESSAGE);
  return new AppError('BAD_REQUEST', `You are already on the ${findPlan(plan).name} plan.`);
}
