// `mailwright <command>`: send, logs [--follow], templates, keys.
import { MailwrightError } from '../errors';
import { clientFromEnv, HELP } from './args';
import { keys, logs, send, templates } from './commands';

const COMMANDS = { send, logs, templates, keys };

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help' || rest.includes('--help')) {
    process.stdout.write(HELP);
    return name ? 0 : 1;
  }
  const command = COMMANDS[name as keyof typeof COMMANDS];
  if (!command) {
    process.stderr.write(`Unknown command: ${name}\n\n${HELP}`);
    return 1;
  }
  try {
    await command(clientFromEnv(), rest, (text) => process.stdout.write(`${text}\n`));
    return 0;
  } catch (error) {
    const message =
      error instanceof MailwrightError
        ? `${error.code} (${error.status}): ${error.message}`
        : String((error as Error)?.message ?? error);
    process.stderr.write(`mailwright ${name}: ${message}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`mailwright: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
