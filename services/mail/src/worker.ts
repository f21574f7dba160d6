// The mail-worker process: read the config, run migrations (safe beside the service), start, stop on signals.
import { fileURLToPath } from 'node:url';
import { ensureDatabase, loadConfigOrExit, runMigrations, shutdownTracing } from '@mailwright/kit';
import { ConfigSchema } from './config';
import { limitHeapGrowth } from './delivery/heap-growth';
import { startWorker } from './worker-app';

const config = loadConfigOrExit(ConfigSchema);
limitHeapGrowth(config.WORKER_HEAP_GROWING_PERCENT);
await ensureDatabase(config.DATABASE_URL);
await runMigrations(config.DATABASE_URL, 'mail', fileURLToPath(new URL('../drizzle', import.meta.url)));
const worker = await startWorker(config);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  const forced = setTimeout(() => process.exit(1), 15_000);
  forced.unref();
  worker
    .close()
    .then(() => shutdownTracing())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`mail-worker: shutdown after ${signal} failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
