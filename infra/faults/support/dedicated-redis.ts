// A redis-server of the suite's own on a random port, without persistence: FLUSHALL and restarts there
// touch nothing else (the shared Redis on :6379 serves colleagues' tests and the e2e stack).
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from '../../launcher/free-port';
import { spawnRedisServer, waitForRedis } from '../../launcher/redis';

export class DedicatedRedis {
  private child: ChildProcess | undefined;
  port = 0;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    this.child = spawnRedisServer(this.port, 'none');
    await waitForRedis(this.url, 10_000);
  }

  async flushAll(): Promise<void> {
    const client = new Redis(this.url, { maxRetriesPerRequest: 1 });
    try {
      await client.flushall();
    } finally {
      client.disconnect();
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
