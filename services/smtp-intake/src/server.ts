// The smtp-intake process: read the config and the TLS pair, start the listeners, stop on signals.
import { readFileSync } from 'node:fs';
import { ConfigError, loadConfigOrExit, shutdownTracing } from '@mailwright/kit';
import { startIntake } from './app';
import { ConfigSchema } from './config';

const config = loadConfigOrExit(ConfigSchema, (loaded) => {
  for (const variable of ['SMTP_INTAKE_TLS_CERT', 'SMTP_INTAKE_TLS_KEY'] as const) {
    try {
      readFileSync(loaded[variable]);
    } catch (error) {
      throw new ConfigError(`Configuration error: ${variable} cannot be read (${(error as Error).message})`);
    }
  }
});
const intake = await startIntake(config, {
  cert: readFileSync(config.SMTP_INTAKE_TLS_CERT),
  key: readFileSync(config.SMTP_INTAKE_TLS_KEY),
});

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  const forced = setTimeout(() => process.exit(1), config.SMTP_INTAKE_CLOSE_TIMEOUT_MS + 5_000);
  forced.unref();
  intake
    .close()
    .then(() => shutdownTracing())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`smtp-intake: shutdown after ${signal} failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
