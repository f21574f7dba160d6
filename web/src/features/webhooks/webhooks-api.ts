// The Webhooks screen's calls, through the typed client from @mailwright/contracts (same origin, the signed-in token).
import { MailwrightClient, MailwrightError } from '@mailwright/contracts/client';
import { readToken } from '../auth/token-storage';

export const mailwright = new MailwrightClient({ baseUrl: '', token: readToken });

export const webhooksApi = {
  list: async () => (await mailwright.webhooks.list()).data,
  create: async (body: Parameters<MailwrightClient['webhooks']['create']>[0]) => (await mailwright.webhooks.create(body)).data,
  update: async ({ id, ...body }: { id: string } & Parameters<MailwrightClient['webhooks']['update']>[1]) =>
    (await mailwright.webhooks.update(id, body)).data,
  remove: (id: string) => mailwright.webhooks.remove(id),
  rotateSecret: async (id: string) => (await mailwright.webhooks.rotateSecret(id)).data,
  test: async (id: string) => (await mailwright.webhooks.test(id)).data,
  deliveries: async (id: string) => (await mailwright.webhooks.deliveries(id, 20)).data,
};

/** The server's message when it sent one, otherwise the fallback. */
export function webhookError(error: unknown, fallback: string): string {
  return error instanceof MailwrightError && error.code !== 'HTTP_ERROR' ? error.message : fallback;
}
