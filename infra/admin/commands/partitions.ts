// admin partitions: the partition upkeep of mail.emails and mail.email_events now (the coming months created, months
// past the retention dropped, archived first with --archive-dir).

import { AppError } from '@mailwright/kit';
import { maintainPartitionsNow } from '../../../services/mail/src/operations/maintain-partitions';
import { type AdminCommand, parseCommandArgs, takePositionals } from '../admin-command';
import { UsageError } from '../usage-error';

export const partitionsCommand: AdminCommand = {
  name: 'partitions',
  usage: [
    'admin partitions --retention-months <n> [--archive-dir <dir>] [--wait <s>]',
    '                                 create the coming months of mail.emails and email_events, drop months older than n',
    '                                 (0 keeps all); with --archive-dir, write each expired month there before its drop',
  ],
  async run(args, context) {
    const { values, positionals } = parseCommandArgs(args, {
      'retention-months': { type: 'string' },
      'archive-dir': { type: 'string' },
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
    const archiveDir = values['archive-dir'];
    if (archiveDir === '') throw new UsageError('--archive-dir: a directory is required');
    const report = await maintainPartitionsNow(db.$client, retentionMonths, waitSeconds * 1000, archiveDir);
    if (report === null)
      throw new AppError('CONFLICT', 'A mail worker kept the partition upkeep lock; try again (or raise --wait)');
    const { skipped: _skipped, ...result } = report;
    context.out.result(result, (done) => [
      `partitions created: ${done.created.join(', ') || 'none'} (${done.moved} row(s) moved out of emails_default)`,
      `partitions dropped: ${done.dropped.join(', ') || 'none'} (${done.expiredDefaultRows} expired row(s) taken out of the default partitions)`,
      `archived: ${done.archived.join(', ') || 'none'}`,
      ...done.archiveFailures.map((failure) => `not archived, kept for the next pass: ${failure.partition} (${failure.error})`),
    ]);
    // Exit 3: the expired months stay detached, never dropped unarchived.
    if (report.archiveFailures.length > 0) throw new Error(`${report.archiveFailures.length} expired month(s) not archived`);
  },
};
