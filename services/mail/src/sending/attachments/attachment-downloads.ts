// Bounds on downloading attachment URLs, so one request cannot make this process fetch and hold hundreds of
// megabytes (a batch of 100 emails × 10 MB). Per process: at most `processConcurrency` downloads at once, whoever
// asked. Per request: at most `requestConcurrency` at once, and at most `requestBytes` downloaded in all; every
// download streams with a byte limit (the email's remaining 10 MB, or the request's remaining bytes if smaller)
// and is cut off past it.
import { Semaphore, TargetError } from '@mailwright/kit';

/** Downloads one request runs at once: a batch's emails take turns instead of fetching all at the same moment. */
export const ATTACHMENT_DOWNLOADS_PER_REQUEST = 2;

export interface DownloadLimits {
  processConcurrency: number;
  requestConcurrency: number;
  /** Bytes one request may download in all (its emails' attachments together). */
  requestBytes: number;
}

export class AttachmentDownloads {
  private readonly processSlots: Semaphore;

  constructor(private readonly limits: DownloadLimits) {
    this.processSlots = new Semaphore(limits.processConcurrency);
  }

  /** The budget of one request (a send, or a whole batch). */
  forRequest(): RequestDownloads {
    return new RequestDownloads(this.processSlots, new Semaphore(this.limits.requestConcurrency), this.limits.requestBytes);
  }
}

/** Thrown when a request has used up its download bytes. */
export class RequestBytesExhausted extends Error {
  constructor(readonly limit: number) {
    super(`the attachments of one request may total at most ${limit} bytes`);
  }
}

export class RequestDownloads {
  private reserved = 0;
  private used = 0;

  constructor(
    private readonly processSlots: Semaphore,
    private readonly requestSlots: Semaphore,
    private readonly requestBytes: number,
  ) {}

  /**
   * Runs one download with a byte limit of at most `maxBytes` (less when the request has less left). The limit is
   * reserved while it runs, so concurrent downloads of one request cannot together pass the request's bytes.
   */
  async run(maxBytes: number, download: (limit: number) => Promise<Buffer>): Promise<Buffer> {
    return this.requestSlots.run(() =>
      this.processSlots.run(async () => {
        const limit = Math.min(maxBytes, this.requestBytes - this.used - this.reserved);
        if (limit <= 0) throw new RequestBytesExhausted(this.requestBytes);
        this.reserved += limit;
        try {
          const body = await download(limit);
          this.used += body.length;
          return body;
        } catch (error) {
          // Cut off by the request's budget rather than the email's own limit: say which limit it was.
          const isCut = error instanceof TargetError && error.message.startsWith('larger than');
          throw isCut && limit < maxBytes ? new RequestBytesExhausted(this.requestBytes) : error;
        } finally {
          this.reserved -= limit;
        }
      }),
    );
  }
}
