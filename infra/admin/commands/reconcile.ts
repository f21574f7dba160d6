// admin reconcile: the mail reconciler's pass now (emails whose job is missing get one).

import { AppError } from '@mailwright/kit';
import { reconcileNow } from '../../../services/mail/src/operations/reconcile-now';
import { type AdminCommand, parseCommandArgs, takePositionals } from '../admin-command';
import { UsageError } from '../usage-error';

export const reconcileCommand: AdminCommand = {
  name: 'reconcile',
  usage: ['admin reconcile [--wait <s>]      run the mail reconciler once now (waits up to 30 s for a worker’s pass)'],
  async run(args, context) {
    const { values, positionals } = parseCommandArgs(args, { wait: { type: 'string' } });
    takePositionals(positionals, []);
    const waitSeconds = values.wait === undefined ? 30 : Number(values.wait);
    if (!(waitSeconds >= 0)) throw new UsageError(`--wait: "${values.wait}" is not a number of seconds`);
    const db = await context.mailDb();
    const enqueued = await reconcileNow(
      db.$client,
      context.redis(),
      context.config.QUEUE_PREFIX,
      context.log,
      waitSeconds * 1000,
    );
    if (enqueued === null) throw new AppError('CONFLICT', 'A mail worker kept the reconciler lock; try again (or raise --wait)');
    context.out.result({ enqueued }, (result) => [`reconciled: ${result.enqueued} email(s) given a job`]);
  },
};
