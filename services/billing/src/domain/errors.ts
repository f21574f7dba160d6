// Billing's failures with their exact texts.
import { ALREADY_FREE_MESSAGE, PAYMENTS_NOT_CONFIGURED_MESSAGE, type PlanId } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { findPlan, isPlanId } from './plans';

export function paymentsNotConfigured(): AppError {
  const error = new AppError('SERVICE_UNAVAILABLE', PAYMENTS_NOT_CONFIGURED_MESSAGE);
  // kit's code vocabulary has no billing entry; clients tell this case apart by its code.
  Object.defineProperty(error, 'code', { value: 'PAYMENTS_NOT_CONFIGURED' });
  return error;
}

export function requirePlanId(value: string): PlanId {
  if (isPlanId(value)) return value;
  throw new AppError('BAD_REQUEST', `Unknown plan "${value.slice(0, 32)}". Choose free, pro or enterprise.`);
}

export function alreadyOnPlan(plan: PlanId): AppError {
  if (plan === 'free') return new AppError('BAD_REQUEST', ALREADY_FREE_MESSAGE);
  return new AppError('BAD_REQUEST', `You are already on the ${findPlan(plan).name} plan.`);
}
