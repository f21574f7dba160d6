// An SMTP peer that only counts what it receives, per recipient: the tests that must see every email sent once.
import { type PeerDelay, SmtpPeer } from '@mailwright/kit/testing';

export interface CountingPeer {
  sink: SmtpPeer;
  /** Deliveries per recipient. */
  received: Map<string, number>;
}

/** A peer that answers each message after `answerAfter` (one connection per worker sets the worker's pace). */
export function countingPeer(answerAfter: PeerDelay): CountingPeer {
  const received = new Map<string, number>();
  const sink = new SmtpPeer({
    content: 'count',
    answerAfter,
    onMessage: ({ envelopeTo }) => {
      for (const to of envelopeTo) received.set(to, (received.get(to) ?? 0) + 1);
    },
  });
  return { sink, received };
}
