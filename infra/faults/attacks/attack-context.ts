// What every attack file shares: the one stack the attack suite starts, the two tenants (alice, the
// victim with resources; bob, the attacker), the secrets to look for in tables and logs, and the tally
// the suite prints as a table (attack, attempts, accepted, 5xx, leaks) at the end.
import type { Client, User } from '../support/client';
import type { FaultStack } from '../support/fault-stack';

export const AUTH_MAX = 5;

export interface AliceResources {
  templateId: string;
  accountId: string;
  apiKeyId: string;
  apiKey: string;
  emailId: string;
  scheduledId: string;
  webhookId: string;
  clickToken: string;
  openToken: string;
}

export interface AttackContext {
  fs: FaultStack;
  client: Client;
  alice: User;
  bob: User;
  a: AliceResources;
  /** Every secret the suite used; none may appear in plaintext in any table. */
  secrets: Set<string>;
}

let current: AttackContext | undefined;

export function setAttackContext(context: AttackContext): void {
  current = context;
}

/** The suite's context; attack files call it inside their tests (it is set in the suite's beforeAll). */
export function attackContext(): AttackContext {
  if (!current) throw new Error('the attack suite has not started its stack');
  return current;
}

export interface AttackFigures {
  tried: number;
  accepted: number;
  fiveXx: number;
  leaks: number;
  /** Figures of an attack beyond the counts (JSON report only). */
  extra?: Record<string, unknown>;
}

export const figures: Record<string, AttackFigures> = {};
export const problems: string[] = [];

/**
 * Counts one attempt of an attack. `ok` says the platform held (the attack failed, or the legitimate
 * outcome happened); a status below 400 counts as accepted, 5xx separately, and every not-ok is a leak.
 */
export function tally(group: string, ok: boolean, status: number, what: string): void {
  const entry = figures[group] ?? { tried: 0, accepted: 0, fiveXx: 0, leaks: 0 };
  figures[group] = entry;
  entry.tried += 1;
  if (status > 0 && status < 400) entry.accepted += 1;
  if (status >= 500) entry.fiveXx += 1;
  if (!ok) {
    entry.leaks += 1;
    problems.push(`${group}: ${what} → ${status}`);
  }
}

/** Runs a test body and fails it when it added problems (each attack file's `it` wraps its body in this). */
export async function expectNoNewProblems(body: () => Promise<void>): Promise<void> {
  const seen = problems.length;
  await body();
  const added = problems.slice(seen);
  if (added.length > 0) throw new Error(`attacks that got through:\n${added.join('\n')}`);
}
