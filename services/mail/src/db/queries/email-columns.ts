// The email row as raw SQL returns it, derived from the drizzle table: every column aliased to the drizzle row's
// camelCase name, so both paths share one type and a new column is added to the table alone.
import { getTableColumns } from 'drizzle-orm';
import { type EmailRow, emails } from '../schema/emails';

const columns = Object.entries(getTableColumns(emails)).map(([key, column]) => ({ key, name: column.name }));

/** The list qualified with a table alias (statements that join or select from a CTE); `keys`: only those columns. */
export const emailColumnsOf = (alias?: string, keys?: readonly (keyof EmailRow)[]) =>
  columns
    .filter(({ key }) => !keys || keys.includes(key as keyof EmailRow))
    .map(({ key, name }) => `${alias ? `${alias}.` : ''}"${name}" AS "${key}"`)
    .join(', ');

export const EMAIL_COLUMNS = emailColumnsOf();
