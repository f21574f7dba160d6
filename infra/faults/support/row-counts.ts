// Row counts of every table the services own, in one round trip: "nothing half-written" means a refused
// request leaves every count as it was.
import { platformServices } from '@mailwright/contracts';
import type pg from 'pg';

const SCHEMAS = platformServices.map((service) => service.schema);

export class RowCounter {
  private sql = '';
  private tables: string[] = [];

  constructor(private readonly db: pg.Pool) {}

  async load(): Promise<string[]> {
    const { rows } = await this.db.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_schema = any($1) and table_type = 'BASE TABLE' and table_name not like '%migrations%' order by 1`,
      [SCHEMAS],
    );
    this.tables = rows.map((row) => row.name);
    this.sql = this.tables
      .map((name) => {
        const [schema, table] = name.split('.') as [string, string];
        return `select '${name}' as name, count(*)::int as n from "${schema}"."${table}"`;
      })
      .join(' union all ');
    return this.tables;
  }

  async snapshot(): Promise<Map<string, number>> {
    if (!this.sql) await this.load();
    const { rows } = await this.db.query<{ name: string; n: number }>(this.sql);
    return new Map(rows.map((row) => [row.name, row.n]));
  }

  static changed(before: Map<string, number>, after: Map<string, number>): string[] {
    return [...after].filter(([name, n]) => before.get(name) !== n).map(([name, n]) => `${name} ${before.get(name)}→${n}`);
  }
}
