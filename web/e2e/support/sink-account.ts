// An SMTP sender account pointing at the stack's SMTP sink, added through the API: the quick way for a browser test
// to give its user a sender. It signs in as its own address with "any-password" (the sink accepts any login), so a
// test that creates that IMAP mailbox (POST /mailboxes on the sink) can let the account read its feedback there.
// Returns the account's id.
import { expect, inject } from 'vitest';
import { api, type SignedInUser } from '../../../infra/e2e/support/api';
import '../stack-context';

export async function addSinkSmtpAccount(
  user: SignedInUser,
  displayName: string,
  email = `sender-${user.userId.slice(0, 8)}@example.test`,
): Promise<string> {
  const added = await api<{ data: { _id: string } }>('/api/email-accounts/smtp', {
    token: user.token,
    body: {
      email,
      displayName,
      host: '127.0.0.1',
      port: inject('sinkSmtpPort'),
      secure: false,
      username: email,
      password: 'any-password',
    },
  });
  expect(added.status).toBe(201);
  return added.body.data._id;
}
