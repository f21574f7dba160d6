// The worker's view of its Redis connections: each one's errors are logged with the queue it serves, and the
// worker is ready only while every connection is (a consumer whose connection is down takes no jobs).
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

export class QueueHealth {
  private readonly connections = new Map<string, Redis>();

  constructor(private readonly log: Logger) {}

  /** Follows one connection; `serves` names what it is for in log lines ('send' queue, 'producer'). */
  watch(serves: string, connection: Redis): void {
    this.connections.set(serves, connection);
    connection.on('error', (error) => this.log.warn({ err: error, queue: serves }, 'redis connection error'));
  }

  /** The connections that are not ready now. */
  notReady(): string[] {
    return [...this.connections].filter(([, connection]) => connection.status !== 'ready').map(([serves]) => serves);
  }

  isReady(): boolean {
    return this.notReady().length === 0;
  }
}
