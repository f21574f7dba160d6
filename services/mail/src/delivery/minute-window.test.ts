import { describe, expect, it } from 'vitest';
import { sendDeadlineMs, takeNeedsRenewal } from './minute-window';
import { GUARDED_MINUTE_MS } from './sender-limiter';

describe('a minute-limited send within the minute its take counts in', () => {
  it('cuts the delivery timeout to the provider minute only for a sender with a minute limit', () => {
    expect(sendDeadlineMs(120_000, 30)).toBe(60_000);
    expect(sendDeadlineMs(10_000, 30)).toBe(10_000);
    expect(sendDeadlineMs(120_000, null)).toBe(120_000);
  });

  it('renews a take whose wait and deadline together could outlast its window', () => {
    // The default timeout (60 s) leaves a second of the guarded minute: a take that waited longer is renewed.
    expect(GUARDED_MINUTE_MS).toBe(61_000);
    expect(takeNeedsRenewal(1_000, 60_000)).toBe(false);
    expect(takeNeedsRenewal(1_001, 60_000)).toBe(true);
    // A 10 s timeout leaves 51 s of waiting.
    expect(takeNeedsRenewal(51_000, 10_000)).toBe(false);
    expect(takeNeedsRenewal(51_001, 10_000)).toBe(true);
  });
});
