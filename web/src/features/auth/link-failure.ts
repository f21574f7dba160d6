// Why a mailed link did not work, and how to get a new one. Identity answers `reason` ('used', 'expired',
// 'unknown') with its sentence; the advice depends on the link: a new verification link is mailed when an
// unverified user logs in, a new reset link comes from /forgot-password.
import { ApiError } from '../../api';

export type LinkKind = 'verify' | 'reset';

const DEFAULT_SENTENCE: Record<LinkKind, string> = {
  verify: 'This verification link is invalid or has expired',
  reset: 'This password reset link is invalid or has expired',
};

const ADVICE: Record<LinkKind, Record<'used' | 'other', string>> = {
  verify: {
    used: 'If you opened it before, your email is already verified: log in.',
    other: 'Log in with your email and password and we will send you a new verification link.',
  },
  reset: {
    used: 'Each reset link works once. Request a new one if you still need to set a password.',
    other: 'Reset links work for a limited time; request a new one.',
  },
};

export interface LinkFailure {
  /** What is wrong with the link, in the server's words when it gave them. */
  reason: string;
  /** How to get a working link. */
  advice: string;
}

/** Null when the failure is not about the link (no answer at all, or another problem such as a short password). */
export function linkFailure(error: unknown, kind: LinkKind): LinkFailure | null {
  if (!(error instanceof ApiError) || error.status !== 400 || error.code !== 'BAD_REQUEST') return null;
  const sentence = error.hasServerMessage ? error.message : DEFAULT_SENTENCE[kind];
  return {
    reason: sentence.endsWith('.') ? sentence : `${sentence}.`,
    advice: ADVICE[kind][error.reason === 'used' ? 'used' : 'other'],
  };
}
