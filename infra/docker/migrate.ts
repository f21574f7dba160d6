// The migration job: creates the database if needed and applies every service's drizzle migrations (migrate-all.ts).
import { migrateAll } from './migrate-all';

const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  process.stderr.write(`Configuration error: DATABASE_URL ${url ? 'is invalid' : 'is missing'}\n`);
  process.exit(1);
}

await migrateAll(url, (schema, ms) => {
  process.stdout.write(`${JSON.stringify({ level: 30, name: 'migrate', schema, ms, msg: 'migrated' })}\n`);
});
process.stdout.write(`${JSON.stringify({ level: 30, name: 'migrate', msg: 'all schemas migrated' })}\n`);
