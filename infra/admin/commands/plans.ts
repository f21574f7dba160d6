// admin plans set <email|id> <free|pro|enterprise> [--until <date>]: billing's subscription, the user found in identity.
import { type PlanChange, setPlan } from '../../../services/billing/src/operations/set-plan';
import { findUser } from '../../../services/identity/src/operations/user-accounts';
import { type AdminCommand, parseCommandArgs, requireAction, takePositionals } from '../admin-command';
import { when } from '../output';
import { UsageError } from '../usage-error';

function parseUntil(text: string | undefined): Date | undefined {
  if (text === undefined) return undefined;
  const at = new Date(text);
  if (Number.isNaN(at.getTime()))
    throw new UsageError(`--until: "${text}" is not a date (e.g. 2027-01-31 or 2027-01-31T12:00:00Z)`);
  return at;
}

export const plansCommand: AdminCommand = {
  name: 'plans',
  usage: [
    'admin plans set <email|id> <free|pro|enterprise> [--until <date>]',
    '                                  put a user on a plan (a paid one runs until --until, else until changed)',
  ],
  async run(args, context) {
    const [action, ...rest] = args;
    requireAction('plans', action, ['set']);
    const { values, positionals } = parseCommandArgs(rest, { until: { type: 'string' } });
    const [who = '', plan = ''] = takePositionals(positionals, ['email|id', 'plan']);
    const until = parseUntil(values.until);
    const user = await findUser(await context.identityDb(), who);
    const change = await setPlan(await context.billingDb(), user.id, plan, { until });
    context.out.result({ email: user.email, ...change }, (result: PlanChange & { email: string }) => [
      `${result.changed ? 'set' : 'unchanged'}: ${result.email} (${result.userId})  ${result.fromPlan} -> ${result.plan}  ends ${result.endDate ? when(result.endDate) : 'never'}`,
    ]);
  },
};
