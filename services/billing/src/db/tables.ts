// Every billing table, for createDatabase and the query functions.
export * from './pg-schema';
export * from './schema/orders';
export * from './schema/subscription-history';
export * from './schema/subscriptions';
export * from './schema/webhook-events';
