// Every table of the templates service, for drizzle's relational API.
export * from './schema/templates';
