// The identity process: config, database + migrations, then listen.
import { fileURLToPath } from 'node:url';
import { ensureDatabase, loadConfigOrExit, runMigrations, runService } from '@mailwright/kit';
import { buildApp } from './app';
import { ConfigSchema } from './config';

const config = loadConfigOrExit(ConfigSchema);
await ensureDatabase(config.DATABASE_URL);
await runMigrations(config.DATABASE_URL, 'identity', fileURLToPath(new URL('../drizzle', import.meta.url)));
const app = await buildApp(config);
await runService(app, config.IDENTITY_PORT, config.HOST);
