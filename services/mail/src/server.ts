// The mail service process: migrate, build, listen.
import { fileURLToPath } from 'node:url';
import { ensureDatabase, loadConfigOrExit, runMigrations, runService } from '@mailwright/kit';
import { buildApp } from './app';
import { ConfigSchema } from './config';

const config = loadConfigOrExit(ConfigSchema);
await ensureDatabase(config.DATABASE_URL);
await runMigrations(config.DATABASE_URL, 'mail', fileURLToPath(new URL('../drizzle', import.meta.url)));
const app = await buildApp(config);
await runService(app, config.MAIL_PORT, config.HOST);
