// How many scheduled emails will go out from one account: deleting the account makes each of them fail
// ("The sender account no longer exists"). GET /emails cannot filter by account, so the scheduled emails
// are read page by page and counted here; emails sent through a pool are left out (the pool picks another
// account when they go).
import { emailsApi } from '../../api';

const PAGE_LIMIT = 100;
/** Beyond this many scheduled emails the count is a lower bound ('at least'). */
const MAX_PAGES = 10;

export interface ScheduledCount {
  count: number;
  /** False when more scheduled emails exist than were read: `count` is then a lower bound. */
  complete: boolean;
}

export async function countScheduledFrom(accountId: string): Promise<ScheduledCount> {
  let count = 0;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { data, pagination } = await emailsApi.list({ status: 'scheduled', page, limit: PAGE_LIMIT });
    count += data.filter((email) => email.emailAccountId === accountId && !email.senderPoolId).length;
    if (page >= pagination.pages) return { count, complete: true };
  }
  return { count, complete: false };
}

/** The confirmation before deleting an account: the spec's question, after the scheduled emails it would break. */
export function deleteAccountQuestion(scheduled: ScheduledCount | null): string {
  const question = 'Are you sure you want to delete this account?';
  if (scheduled === null)
    return `Could not check this account's scheduled emails; any that are due to go out from it will fail once it is deleted.\n\n${question}`;
  if (scheduled.count === 0 && scheduled.complete) return question;
  const one = scheduled.count === 1 && scheduled.complete;
  const amount = `${scheduled.complete ? '' : 'At least '}${scheduled.count}`;
  return `${amount} ${one ? 'scheduled email is' : 'scheduled emails are'} due to go out from this account. ${
    one ? 'It' : 'They'
  } will fail once the account is deleted; you can cancel ${one ? 'it' : 'them'} in Email Logs.\n\n${question}`;
}
