// The monthly partitions' names and months (UTC), shared by mail.emails (RANGE created_at, drizzle/0008) and
// mail.email_events (RANGE occurred_at, drizzle/0009): a month's partition is <table>_YYYY_MM, rows of a month
// without one land in <table>_default, and a month the upkeep took out is renamed <table>_YYYY_MM_expired.

export interface PartitionedTable {
  name: 'emails' | 'email_events';
  /** The partition key. */
  column: 'created_at' | 'occurred_at';
}

export const EMAILS: PartitionedTable = { name: 'emails', column: 'created_at' };
export const EMAIL_EVENTS: PartitionedTable = { name: 'email_events', column: 'occurred_at' };

/** The first instant of the UTC month `offset` months from the one holding `at`. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/** 'YYYY_MM'. */
export const monthSuffix = (month: Date) => `${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;

export const partitionName = (month: Date, table: PartitionedTable = EMAILS) => `${table.name}_${monthSuffix(month)}`;

export const expiredName = (month: Date, table: PartitionedTable) => `${partitionName(month, table)}_expired`;

/** The month of `<table>_YYYY_MM` (or, with `expired`, of `<table>_YYYY_MM_expired`); null for any other name. */
export function monthOf(table: PartitionedTable, name: string, expired = false): Date | null {
  const match = new RegExp(`^${table.name}_(\\d{4})_(\\d{2})${expired ? '_expired' : ''}$`).exec(name);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)) : null;
}
