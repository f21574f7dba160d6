// admin queues status [--queue q] | retry [--queue q] [--limit n]: the mail service's BullMQ queues.
import { JOB_STATES, MAIL_QUEUE_NAMES, queueStatus, retryFailedJobs } from '../../../services/mail/src/operations/queues';
import { type AdminCommand, parseCommandArgs, requireAction, takePositionals } from '../admin-command';
import { UsageError } from '../usage-error';

function parseLimit(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const limit = Number(text);
  if (!Number.isSafeInteger(limit) || limit < 1) throw new UsageError(`--limit: "${text}" is not a positive whole number`);
  return limit;
}

export const queuesCommand: AdminCommand = {
  name: 'queues',
  usage: [
    'admin queues status [--queue q]   jobs per state in each queue',
    'admin queues retry [--queue q] [--limit n]',
    `                                  move failed jobs back to waiting, oldest first (queues: ${MAIL_QUEUE_NAMES.join(', ')})`,
  ],
  async run(args, context) {
    const [action, ...rest] = args;
    requireAction('queues', action, ['status', 'retry']);
    const { values, positionals } = parseCommandArgs(rest, { queue: { type: 'string' }, limit: { type: 'string' } });
    takePositionals(positionals, []);
    const prefix = context.config.QUEUE_PREFIX;
    if (action === 'status') {
      if (values.limit !== undefined) throw new UsageError('--limit belongs to `queues retry`');
      const queues = await queueStatus(context.redis(), prefix, values.queue);
      context.out.result({ queues }, (result) =>
        result.queues.map(({ queue, counts }) => [queue, ...JOB_STATES.map((state) => `${state}=${counts[state]}`)].join('  ')),
      );
      return;
    }
    const retried = await retryFailedJobs(context.redis(), prefix, { queue: values.queue, limit: parseLimit(values.limit) });
    context.out.result({ queues: retried }, (result) =>
      result.queues.map(({ queue, retried: count, stillFailed }) => `${queue}  retried ${count}  still failed ${stillFailed}`),
    );
  },
};
