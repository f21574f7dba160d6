// What recording opens and clicks needs.
import type { MailDatabase } from '../db/client';
import type { TrackingBuffer } from './tracking-buffer';
import type { TrackingTokens } from './tracking-token';

export interface TrackingDeps {
  db: MailDatabase;
  tokens: TrackingTokens;
  /** Hits wait here and go to the tracking queue in batches. */
  buffer: TrackingBuffer;
}
