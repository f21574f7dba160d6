// The benchmark's SMTP peer: kit's SmtpPeer in count-only mode (no parsing, as fast as it can). It counts
// deliveries per recipient tag (the local part before '+'), records receive times for the tags a phase
// asks to time, and keeps the raw message for tags a phase asks to capture (to read a tracking pixel URL).
import { SmtpPeer, type SmtpPeerMessage } from '@mailwright/kit/testing';

export class BenchSink {
  private readonly counts = new Map<string, number>();
  private readonly timed = new Map<string, number[]>();
  private readonly captured = new Map<string, string[]>();
  private readonly byRecipient = new Map<string, Map<string, number>>();
  private readonly peer = new SmtpPeer({
    content: 'count',
    keepRawFor: (envelopeTo) => this.captured.size > 0 && envelopeTo.some((address) => this.captured.has(tagOf(address))),
    onMessage: (message) => this.record(message),
  });

  get delivered(): number {
    return this.peer.delivered;
  }

  get port(): number {
    return this.peer.port;
  }

  async start(): Promise<void> {
    await this.peer.start();
  }

  count(tag: string): number {
    return this.counts.get(tag) ?? 0;
  }

  /** Records the receive time of every later delivery to `tag`. */
  time(tag: string): number[] {
    const list: number[] = [];
    this.timed.set(tag, list);
    return list;
  }

  /**
   * Records the receive time of every later delivery to `tag` by its (lower-cased) envelope recipient, so a
   * phase that gives each email its own address can match a delivery to its request. The first delivery wins.
   */
  timeByRecipient(tag: string): Map<string, number> {
    const map = new Map<string, number>();
    this.byRecipient.set(tag, map);
    return map;
  }

  /** Keeps the raw text of every later delivery to `tag`. */
  capture(tag: string): string[] {
    const list: string[] = [];
    this.captured.set(tag, list);
    return list;
  }

  async stop(): Promise<void> {
    await this.peer.stop();
  }

  private record({ envelopeTo, raw, receivedAt }: SmtpPeerMessage): void {
    const tag = tagOf(envelopeTo[0] ?? '');
    this.counts.set(tag, (this.counts.get(tag) ?? 0) + 1);
    this.timed.get(tag)?.push(receivedAt);
    const byRecipient = this.byRecipient.get(tag);
    if (byRecipient) {
      for (const address of envelopeTo) {
        const key = address.toLowerCase();
        if (!byRecipient.has(key)) byRecipient.set(key, receivedAt);
      }
    }
    if (!raw) return;
    const capture = envelopeTo.map(tagOf).find((candidate) => this.captured.has(candidate));
    if (capture) this.captured.get(capture)?.push(raw.toString('utf8'));
  }
}

/** 'tput+123@bench.test' → 'tput'. */
export const tagOf = (address: string) => (address.split('@')[0] ?? '').split('+')[0]?.toLowerCase() ?? '';
