import { AppError } from '@mailwright/kit';
import { describe, expect, it, vi } from 'vitest';
import type { IntakeDeps } from '../deps';
import { ApprovedSenders } from './approved-senders';
import { checkSender } from './check-sender';
import { SmtpReply } from './smtp-reply';

const user = { apiKeyId: 'key-1', userId: 'user-1' };

function fakeDeps() {
  const checkSenderCall = vi.fn(async () => ({ kind: 'account' as const, id: 'a-1', email: 'app@sender.test' }));
  const countMessage = vi.fn(async () => true);
  const deps = { mail: { checkSender: checkSenderCall }, limits: { countMessage } } as unknown as Pick<
    IntakeDeps,
    'mail' | 'limits'
  >;
  return { deps, checkSenderCall, countMessage };
}

describe('checkSender', () => {
  it('asks mail about a plain address and counts the message', async () => {
    const { deps, checkSenderCall, countMessage } = fakeDeps();
    await checkSender(deps, user, 'app@sender.test', new ApprovedSenders());
    expect(checkSenderCall).toHaveBeenCalledWith('user-1', 'app@sender.test');
    expect(countMessage).toHaveBeenCalledWith('key-1');
  });

  it('refuses a NUL or control character with 553 5.1.7, without asking mail or counting', async () => {
    const { deps, checkSenderCall, countMessage } = fakeDeps();
    for (const address of ['app\u0000@sender.test', 'app@sender.test\u001b[2J', 'a b@sender.test']) {
      const refusal = await checkSender(deps, user, address, new ApprovedSenders()).catch((error: unknown) => error);
      expect(refusal, JSON.stringify(address)).toBeInstanceOf(SmtpReply);
      expect(refusal).toMatchObject({ responseCode: 553, enhancedCode: '5.1.7' });
    }
    await expect(checkSender(deps, user, 'app\u0000@sender.test', new ApprovedSenders())).rejects.toThrow(
      '5.1.7 Invalid sender address: app?@sender.test',
    );
    expect(checkSenderCall).not.toHaveBeenCalled();
    expect(countMessage).not.toHaveBeenCalled();
  });

  it('asks mail once a minute for an address the session had accepted, and counts every message', async () => {
    const { deps, checkSenderCall, countMessage } = fakeDeps();
    let now = 0;
    const approved = new ApprovedSenders(() => now);
    await checkSender(deps, user, 'app@sender.test', approved);
    await checkSender(deps, user, 'APP@sender.test', approved);
    now = 59_999;
    await checkSender(deps, user, 'app@sender.test', approved);
    expect(checkSenderCall).toHaveBeenCalledTimes(1);
    await checkSender(deps, { ...user, userId: 'user-2' }, 'app@sender.test', approved);
    expect(checkSenderCall).toHaveBeenCalledTimes(2);
    now = 60_000;
    await checkSender(deps, user, 'app@sender.test', approved);
    expect(checkSenderCall).toHaveBeenCalledTimes(3);
    expect(countMessage).toHaveBeenCalledTimes(5);
  });

  it('does not remember a refusal', async () => {
    const { deps, checkSenderCall } = fakeDeps();
    checkSenderCall.mockRejectedValueOnce(new AppError('NOT_FOUND', 'app@sender.test is not one of your sender accounts'));
    const approved = new ApprovedSenders();
    await expect(checkSender(deps, user, 'app@sender.test', approved)).rejects.toMatchObject({ responseCode: 550 });
    await checkSender(deps, user, 'app@sender.test', approved);
    expect(checkSenderCall).toHaveBeenCalledTimes(2);
  });
});
