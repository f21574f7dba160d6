// A BullMQ queue handle on a shared connection, under the deployment's key prefix.
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

export function openQueue<Data>(name: string, connection: Redis, prefix: string): Queue<Data> {
  return new Queue<Data>(name, { connection, prefix });
}
