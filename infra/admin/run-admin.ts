// The operator CLI's dispatcher: picks the command, reads the configuration, runs it, and turns the outcome into
// an exit code. 0 done; 1 refused (the reason is printed: not found, too early, a key that opens nothing);
// 2 bad usage or configuration; 3 failed (a database or Redis that does not answer, a bug).
import type { Writable } from 'node:stream';
import { AppError, ConfigError } from '@mailwright/kit';
import type { AdminCommand } from './admin-command';
import { readAdminConfig } from './admin-config';
import { AdminContext } from './admin-context';
import { jwtCommand } from './commands/jwt';
import { migrateCommand } from './commands/migrate';
import { partitionsCommand } from './commands/partitions';
import { plansCommand } from './commands/plans';
import { queuesCommand } from './commands/queues';
import { reconcileCommand } from './commands/reconcile';
import { secretsCommand } from './commands/secrets';
import { usersCommand } from './commands/users';
import { Output } from './output';
import { UsageError } from './usage-error';

export const EXIT = { done: 0, refused: 1, usage: 2, failed: 3 } as const;

const commands: AdminCommand[] = [
  migrateCommand,
  jwtCommand,
  secretsCommand,
  usersCommand,
  plansCommand,
  queuesCommand,
  reconcileCommand,
  partitionsCommand,
];

export interface AdminIo {
  out: Writable;
  err: Writable;
  env: Record<string, string | undefined>;
  /** Where `npm start` keeps its secrets (.data/ at the repository root). */
  dataDir: string;
}

const usageText = (shown: AdminCommand[]) =>
  [
    'Usage: npm run admin -- <command> [options] [--json]',
    '',
    ...shown.flatMap((command) => command.usage),
    '',
    '--json prints one JSON document instead of lines. Configuration: DATABASE_URL, REDIS_URL, ENCRYPTION_KEY,',
    'ENCRYPTION_PREVIOUS_KEYS, QUEUE_PREFIX, with npm start’s defaults (local Postgres and Redis, .data/secrets.json).',
    'Exit codes: 0 done, 1 refused (reason printed), 2 bad usage or configuration, 3 failed.',
  ].join('\n');

export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  const isJson = argv.includes('--json');
  const wantsHelp = argv.includes('--help') || argv.includes('-h');
  const [name, ...args] = argv.filter((arg) => arg !== '--json' && arg !== '--help' && arg !== '-h');
  const write = (stream: Writable, text: string) => stream.write(`${text}\n`);
  if (name === undefined || name === 'help') {
    write(name || wantsHelp ? io.out : io.err, usageText(commands));
    return name || wantsHelp ? EXIT.done : EXIT.usage;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    write(io.err, `Unknown command "${name}"\n\n${usageText(commands)}`);
    return EXIT.usage;
  }
  if (wantsHelp) {
    write(io.out, usageText([command]));
    return EXIT.done;
  }

  let context: AdminContext;
  try {
    context = new AdminContext(readAdminConfig(io.env, io.dataDir), new Output(io.out, isJson));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    write(io.err, error.message);
    return EXIT.usage;
  }
  try {
    await command.run(args, context);
    return EXIT.done;
  } catch (error) {
    if (error instanceof UsageError) {
      write(io.err, `${error.message}\n\n${usageText([command])}`);
      return EXIT.usage;
    }
    if (error instanceof AppError) {
      write(io.err, error.message);
      return EXIT.refused;
    }
    write(io.err, `${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failed;
  } finally {
    await context.close();
  }
}
