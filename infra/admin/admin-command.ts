// The shape of one top-level command (`admin <name> …`): its usage lines and what it runs.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { AdminContext } from './admin-context';
import { UsageError } from './usage-error';

export interface AdminCommand {
  name: string;
  /** Usage lines, each `admin <name> …  what it does`. */
  usage: string[];
  run(args: string[], context: AdminContext): Promise<void>;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs, strict, with its errors as usage errors. */
export function parseCommandArgs<O extends Options>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The positional arguments after the subcommand, exactly `names.length` of them. */
export function takePositionals(positionals: string[], names: string[]): string[] {
  if (positionals.length !== names.length) {
    throw new UsageError(
      `Expected ${names.map((name) => `<${name}>`).join(' ') || 'no arguments'}, got ${positionals.length ? positionals.join(' ') : 'none'}`,
    );
  }
  return positionals;
}

/** Refuses a missing or unknown action of `command` with the ones it has. */
export function requireAction(command: string, action: string | undefined, actions: string[]): asserts action is string {
  if (action && actions.includes(action)) return;
  const known = actions.join(', ');
  throw new UsageError(action ? `Unknown ${command} action "${action}" (${known})` : `${command} needs an action: ${known}`);
}
