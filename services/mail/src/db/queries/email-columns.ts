// The email row as raw SQL returns it, derived from the drizzle table: every column aliased to the drizzle row's
// camelCase name, so both paths share one type and a new column is added to the table alone.
import { getTableColumns } from 'drizzle-orm';
import { emails } from '../schema/emails';

const columns = Object.entries(getTableColumns(emails)).map(([key, column]) => ({ key, name: column.name }));

/** The list qualified with a table alias (statements that join or select from a CTE). */
export const emailColumnsOf = (alias?: string) =>
  columns.map(({ key, name }) => `${alias ? `${alias}.` : ''}"${name}" AS "${key}"`).join(', ');

export const EMAIL_COLUMNS = emailColumnsOf();
