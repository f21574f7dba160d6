// Webhook endpoints' sealed signing secrets, for resealing after an ENCRYPTION_KEY rotation.
import { asc, eq } from 'drizzle-orm';
import type { MailDatabase } from '../client';
import { webhookEndpoints } from '../schema/webhook-endpoints';

type MailTransaction = Parameters<Parameters<MailDatabase['transaction']>[0]>[0];

/** Every endpoint's sealed secret, locked until the transaction ends (a secret rotation by its owner waits). */
export function lockWebhookSecrets(tx: MailTransaction): Promise<Array<{ id: string; secretSealed: string }>> {
  return tx
    .select({ id: webhookEndpoints.id, secretSealed: webhookEndpoints.secretSealed })
    .from(webhookEndpoints)
    .orderBy(asc(webhookEndpoints.id))
    .for('update');
}

export async function updateWebhookSecret(tx: MailTransaction, id: string, secretSealed: string): Promise<void> {
  await tx.update(webhookEndpoints).set({ secretSealed }).where(eq(webhookEndpoints.id, id));
}
