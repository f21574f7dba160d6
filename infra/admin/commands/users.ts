// admin users find | verify | disable | enable <email|id>: one user, as identity holds them.

import { RevocationPublisher } from '../../../services/identity/src/adapters/redis/revocations';
import {
  describeUser,
  disableUser,
  enableUser,
  findUser,
  type RevocationSink,
  type UserChange,
  type UserSummary,
  verifyUser,
} from '../../../services/identity/src/operations/user-accounts';
import { type AdminCommand, parseCommandArgs, requireAction, takePositionals } from '../admin-command';
import { when } from '../output';
import { UsageError } from '../usage-error';

export const describeUserLine = (user: UserSummary) =>
  [
    user.id,
    user.email,
    JSON.stringify(user.name),
    user.isVerified ? 'verified' : 'unverified',
    user.disabledAt ? `disabled since ${when(user.disabledAt)}` : 'enabled',
    `sign-in: ${[...(user.hasPassword ? ['password'] : []), ...user.providers].join(', ') || 'none'}`,
    `api keys: ${user.apiKeys}`,
    `created ${when(user.createdAt)}`,
  ].join('  ');

const changeLine = (done: string, already: string) => (change: UserChange) =>
  `${change.changed ? done : already}: ${describeUserLine(change.user)}`;

export const usersCommand: AdminCommand = {
  name: 'users',
  usage: [
    'admin users find <email|id>       show a user',
    'admin users verify <email|id>     mark the email address verified',
    'admin users disable <email|id>    refuse sign-in and API keys, end every session now',
    'admin users enable <email|id>     let a disabled user sign in again',
  ],
  async run(args, context) {
    const [action, ...rest] = args;
    requireAction('users', action, ['find', 'verify', 'disable', 'enable']);
    const [who = ''] = takePositionals(parseCommandArgs(rest, {}).positionals, ['email|id']);
    const db = await context.identityDb();
    switch (action) {
      case 'find': {
        const user = await describeUser(db, await findUser(db, who));
        context.out.result({ user }, (result) => [describeUserLine(result.user)]);
        return;
      }
      case 'verify':
        context.out.result(await verifyUser(db, who), (change) => [changeLine('verified', 'already verified')(change)]);
        return;
      case 'disable': {
        const revocations: RevocationSink = new RevocationPublisher(context.redis(), context.log);
        context.out.result(await disableUser(db, revocations, who), (change) => [
          changeLine('disabled', 'already disabled')(change),
        ]);
        return;
      }
      case 'enable':
        context.out.result(await enableUser(db, who), (change) => [changeLine('enabled', 'already enabled')(change)]);
        return;
      default:
        throw new UsageError(`Unknown users action "${action}"`);
    }
  },
};
