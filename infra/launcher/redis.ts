// Finds Redis: REDIS_URL, else the local server, else starts redis-server from PATH with data in .data/.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';

export const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

export async function canPing(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function findRedis(
  dataDir: string,
  log: (line: string) => void,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const given = process.env.REDIS_URL;
  if (given) {
    if (!(await canPing(given))) throw new Error(`Cannot reach Redis at REDIS_URL (${given})`);
    return { url: given, stop: async () => {} };
  }
  if (await canPing(LOCAL_REDIS_URL)) {
    log('using the local Redis at 127.0.0.1:6379');
    return { url: LOCAL_REDIS_URL, stop: async () => {} };
  }
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    throw new Error(
      'Redis is not running at 127.0.0.1:6379 and redis-server is not installed. Install it (Debian/Ubuntu: `apt-get install redis-server`, macOS: `brew install redis`) or set REDIS_URL.',
    );
  }
  const dir = path.join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const port = 6390;
  log(`no Redis at 127.0.0.1:6379: starting redis-server on port ${port} (data in .data/redis)`);
  const child = spawnRedisServer(port, { dir });
  const url = `redis://127.0.0.1:${port}`;
  // The processes retry their connections; say so if it is slow, and carry on as before.
  await waitForRedis(url, 5_000).catch((error: Error) => log(error.message));
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
    },
  };
}

/**
 * Starts redis-server on 127.0.0.1:`port` with `noeviction` (BullMQ loses jobs under eviction): persistent (AOF in
 * `dir`) for the launcher, or without any persistence for a suite's throw-away server.
 */
export function spawnRedisServer(port: number, persistence: { dir: string } | 'none'): ChildProcess {
  const storage =
    persistence === 'none' ? ['--save', '', '--appendonly', 'no'] : ['--dir', persistence.dir, '--appendonly', 'yes'];
  return spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', ...storage, '--maxmemory-policy', 'noeviction'], {
    stdio: 'ignore',
  });
}

/** Resolves once Redis at `url` answers PING; rejects after `timeoutMs`. */
export async function waitForRedis(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await canPing(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not answer at ${url} within ${timeoutMs} ms`);
}
