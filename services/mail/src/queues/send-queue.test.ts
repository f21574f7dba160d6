import { describe, expect, it } from 'vitest';
import { EmailRetry, sendQueue, sendRetryDelay } from './send-queue';

const backoff = sendQueue.settings?.backoffStrategy as (attemptsMade: number, type?: string, error?: Error) => number;

describe('send queue backoff', () => {
  it("doubles with the email's tries: 1 s, 2 s, 4 s, 8 s", () => {
    expect([1, 2, 3, 4].map(sendRetryDelay)).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it("counts an own job's email tries, not the job's, and a batch job's own tries", () => {
    // An own job's first failure is its email's second try (the batch job made the first).
    expect(backoff(1, 'email-tries', new EmailRetry(new Error('451 Try again later'), 2))).toBe(2_000);
    expect(backoff(2, 'email-tries', new Error('could not record'))).toBe(2_000);
    expect(new EmailRetry(new Error('451 Try again later'), 2).message).toBe('451 Try again later');
  });
});
