// admin partitions: the mail.emails partition upkeep now (the coming months created, months past the retention dropped).
import { maintainPartitionsNow } from '../../../services/mail/src/operations/maintain-partitions';
import { type AdminCommand, parseCommandArgs, takePositionals } from '../admin-command';
import { UsageError } from '../usage-error';

export const partitionsCommand: AdminCommand = {
  name: 'partitions',
  usage: [
    'admin partitions --retention-months <n> [--wait <s>]',
    '                                 create the coming months of mail.emails, drop months older than n (0 keeps all)',
  ],
  async run(args, context) {
    const { values, positionals } = parseCommandArgs(args, {
      'retention-months': { type: 'string' },
      wait: { type: 'string' },
    });
    takePositionals(positionals, []);
    // Required, not defaulted: a default other than the workers' MAIL_RETENTION_MONTHS would drop months they keep.
    const raw = values['retention-months'];
    const retentionMonths = Number(raw);
    if (raw === undefined || !Number.isInteger(retentionMonths) || retentionMonths < 0) {
      throw new UsageError('--retention-months <n> is required: the mail workers’ MAIL_RETENTION_MONTHS (0 keeps every month)');
    }
    const waitSeconds = values.wait === undefined ? 30 : Number(values.wait);
    if (!(waitSeconds >= 0)) throw new UsageError(`--wait: "${values.wait}" is not a number of seconds`);
    const db = await context.mailDb();
    const report = await maintainPartitionsNow(db.$client, retentionMonths, waitSeconds * 1000);
    if (report === null) throw new UsageError('A mail worker kept the partition upkeep lock; try again (or raise --wait)');
    const { skipped: _skipped, ...result } = report;
    context.out.result(result, (done) => [
      `partitions created: ${done.created.join(', ') || 'none'} (${done.moved} row(s) moved out of emails_default)`,
      `partitions dropped: ${done.dropped.join(', ') || 'none'} (${done.expiredDefaultRows} expired row(s) deleted from emails_default)`,
    ]);
  },
};
