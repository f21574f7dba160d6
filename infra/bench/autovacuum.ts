// What autovacuum does between the bench's phases, when the PostgreSQL it runs on has it off (this machine's does:
// `SHOW autovacuum` answers off). Without it no table of the bench's database is ever analyzed, and the planner,
// knowing nothing of the emails partition, claims a batch of emails through a range scan of the whole pending index
// and a hash join instead of one primary-key lookup per email: 13,383 buffers instead of 302 for a claim of 100
// among 20,000 rows, more with every email accepted, and Postgres CPU per delivered email rose from 0.2 to 0.9 ms
// within one scale-out phase. A server with autovacuum on (the default) analyzes a partition once a tenth of it has
// changed; the bench stands in for that before each phase and each scale-out run, outside every measured window.
import pg from 'pg';

export interface AutovacuumStandIn {
  /** The server's own setting: when on, `catchUp` leaves the work to it. */
  serverAutovacuum: boolean;
  /** VACUUM (ANALYZE) of the whole database when the server's autovacuum is off (logged with the time it took). */
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

export async function autovacuumStandIn(databaseUrl: string, log: (line: string) => void): Promise<AutovacuumStandIn> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ autovacuum: string }>('SHOW autovacuum');
  const serverAutovacuum = rows[0]?.autovacuum === 'on';
  return {
    serverAutovacuum,
    async catchUp() {
      if (serverAutovacuum) return;
      const started = performance.now();
      await client.query('VACUUM (ANALYZE)');
      log(`  vacuumed and analyzed the database (${Math.round(performance.now() - started)} ms)`);
    },
    close: () => client.end(),
  };
}
