// ioredis connections for BullMQ. Workers need maxRetriesPerRequest: null (blocking commands must not give up);
// the API's queue connection fails fast instead so a Redis outage never holds a request (the outbox covers it).
import { Redis } from 'ioredis';

export function workerConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: false });
}

export function producerConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, connectTimeout: 2_000 });
}
