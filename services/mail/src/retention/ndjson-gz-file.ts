// An archive file (gzip NDJSON) that exists whole or not at all: written under a temporary name, fsynced, renamed,
// and the directory fsynced, so a crash or a full disk never leaves a truncated file under the final name.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

async function fsync(path: string, flags: string): Promise<void> {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes one line per item to `path` (replacing a file there); answers how many lines. */
export async function writeNdjsonGz(path: string, lines: AsyncGenerator<string>): Promise<number> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let count = 0;
  try {
    await pipeline(
      async function* () {
        for await (const line of lines) {
          count += 1;
          yield `${line}\n`;
        }
      },
      createGzip(),
      createWriteStream(temp, { flags: 'wx' }),
    );
    await fsync(temp, 'r+');
    await rename(temp, path);
  } catch (error) {
    // Waits for the source's own cleanup (its reads share the caller's database connection).
    await lines.return(undefined).catch(() => {});
    await rm(temp, { force: true }).catch(() => {});
    throw error;
  }
  await fsync(dirname(path), 'r');
  return count;
}
