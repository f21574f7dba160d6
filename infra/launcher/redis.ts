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
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--maxmemory-policy', 'noeviction'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50 && !(await canPing(url)); attempt++) await new Promise((r) => setTimeout(r, 100));
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
    },
  };
}
