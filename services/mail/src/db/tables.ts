// Every table of the mail schema, for drizzle's typed client.

export * from './schema/email-attachments';
export * from './schema/email-events';
export * from './schema/email-sources';
export * from './schema/emails';
export * from './schema/idempotency-keys';
export * from './schema/mailbox-cursors';
export * from './schema/quota-usage';
export * from './schema/suppressions';
export * from './schema/tracking-counters';
export * from './schema/webhook-deliveries';
export * from './schema/webhook-endpoints';
