// How many wrong passwords an account takes before its password checks pause. Generous enough that a
// person who forgot a password never meets it; small enough that guessing from many addresses gets nowhere.
import { AppError } from '@mailwright/kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { FailureThrottle, minutesLeft } from '../adapters/redis/failure-throttle';

const MAX_FAILURES = 10;
const WINDOW_SECONDS = 15 * 60;

export interface PasswordThrottles {
  /** Failed logins per account (keyed by user id, or by a hash of the address when there is no such user). */
  logins: FailureThrottle;
  /** Failed current-password checks on change-password, per user. */
  passwordChanges: FailureThrottle;
}

export function createPasswordThrottles(redis: Redis, log: FastifyBaseLogger): PasswordThrottles {
  const settings = { max: MAX_FAILURES, windowSeconds: WINDOW_SECONDS };
  return {
    logins: new FailureThrottle(redis, { name: 'identity:failed-logins', ...settings }, log),
    passwordChanges: new FailureThrottle(redis, { name: 'identity:failed-password-changes', ...settings }, log),
  };
}

export const tooManyLogins = (lockedForMs: number) =>
  new AppError('RATE_LIMITED', `Too many failed sign-in attempts for this account. Try again in ${minutesLeft(lockedForMs)}.`);

export const tooManyPasswordChecks = (lockedForMs: number) =>
  new AppError('RATE_LIMITED', `Too many wrong current passwords. Try again in ${minutesLeft(lockedForMs)}.`);
