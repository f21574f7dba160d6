// What the CLI prints: one line per result for people, or with --json one JSON document for scripts.
import type { Writable } from 'node:stream';

export class Output {
  constructor(
    private readonly stream: Writable,
    readonly isJson: boolean,
  ) {}

  /** `value` as JSON, or the lines `describe` makes of it. */
  result<T>(value: T, describe: (value: T) => string[]): void {
    if (this.isJson) this.stream.write(`${JSON.stringify(value, null, 2)}\n`);
    else for (const line of describe(value)) this.stream.write(`${line}\n`);
  }
}

/** An instant as the CLI shows it: ISO 8601 in UTC, to the second. */
export const when = (at: Date | null | undefined) => (at ? `${at.toISOString().slice(0, 19)}Z` : '-');
