// Adds an SMTP sender: plan limit, verify against the server, then insert (first account becomes the default).
import type { CreateSmtpAccountBody, EmailAccount } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { verifySmtpSettings } from '../adapters/verify-smtp';
import {
  countUserAccounts,
  findDefaultAccount,
  findUserMailbox,
  insertAccount,
  lockUserAccounts,
} from '../db/queries/email-accounts';
import type { AccountsDeps } from '../deps';
import { assertCanAddAccount } from './account-limit';
import { displayNameOf, readSmtpForm, sealedSmtpColumns } from './smtp-settings';
import { toEmailAccount } from './to-email-account';
import { isUniqueViolation } from './unique-violation';

const duplicate = () => new AppError('CONFLICT', 'An SMTP account with this email address already exists');

export async function createSmtpAccount(
  deps: Pick<AccountsDeps, 'db' | 'box' | 'config' | 'entitlements'>,
  userId: string,
  body: CreateSmtpAccountBody,
  requestId?: string,
): Promise<EmailAccount> {
  const email = body.email.trim();
  const settings = readSmtpForm(body, body.password);
  const entitlements = await deps.entitlements.get(userId, { requestId });
  // Cheap refusals first, so a doomed request does not wait on a remote SMTP server.
  assertCanAddAccount(entitlements, await countUserAccounts(deps.db, userId));
  if (await findUserMailbox(deps.db, userId, 'smtp', email)) throw duplicate();

  await verifySmtpSettings(settings, deps.config);

  try {
    const row = await deps.db.transaction(async (tx) => {
      await lockUserAccounts(tx, userId);
      const existing = await countUserAccounts(tx, userId);
      assertCanAddAccount(entitlements, existing);
      return insertAccount(tx, {
        userId,
        provider: 'smtp',
        email,
        displayName: displayNameOf(body, email),
        isDefault: !(await findDefaultAccount(tx, userId)),
        ...sealedSmtpColumns(settings, deps.box),
        // New connections read their mailbox back (issue 21), with the SMTP sign-in until IMAP settings are given.
        feedbackEnabled: true,
      });
    });
    return toEmailAccount(row);
  } catch (error) {
    if (isUniqueViolation(error, 'email_accounts_user_provider_email')) throw duplicate();
    throw error;
  }
}
