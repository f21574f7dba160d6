import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { countScheduledFrom, deleteAccountQuestion } from './scheduled-from-account';

const scheduled = (id: string, emailAccountId: string, senderPoolId: string | null = null) => ({
  _id: id,
  emailAccountId,
  senderPoolId,
  status: 'scheduled',
});

describe('countScheduledFrom', () => {
  it("counts the account's own scheduled emails over every page, leaving pool sends out", async () => {
    const { calls } = installFakeApi({
      'GET /api/emails': (call) =>
        call.path.includes('page=1')
          ? {
              body: {
                data: [scheduled('e1', 'acc-1'), scheduled('e2', 'acc-2'), scheduled('e3', 'acc-1', 'pool-1')],
                pagination: { page: 1, limit: 100, total: 4, pages: 2 },
              },
            }
          : { body: { data: [scheduled('e4', 'acc-1')], pagination: { page: 2, limit: 100, total: 4, pages: 2 } } },
    });
    expect(await countScheduledFrom('acc-1')).toEqual({ count: 2, complete: true });
    expect(calls.map((call) => call.path)).toEqual([
      '/api/emails?status=scheduled&page=1&limit=100',
      '/api/emails?status=scheduled&page=2&limit=100',
    ]);
  });
});

describe('deleteAccountQuestion', () => {
  it("asks the spec's question, after the scheduled emails the deletion would break", () => {
    expect(deleteAccountQuestion({ count: 0, complete: true })).toBe('Are you sure you want to delete this account?');
    expect(deleteAccountQuestion({ count: 1, complete: true })).toBe(
      '1 scheduled email is due to go out from this account. It will fail once the account is deleted; you can cancel it in Email Logs.\n\nAre you sure you want to delete this account?',
    );
    expect(deleteAccountQuestion({ count: 1000, complete: false })).toMatch(/^At least 1000 scheduled emails are due/);
    expect(deleteAccountQuestion(null)).toMatch(/^Could not check this account's scheduled emails/);
  });
});
