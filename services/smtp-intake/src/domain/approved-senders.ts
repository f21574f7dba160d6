// The MAIL FROM addresses the mail service accepted for one SMTP session, each for a minute: a client that keeps
// its connection open and sends message after message from one address asks mail once a minute rather than once a
// message (an HTTP round trip each). This check only refuses early: mail checks the message's From again when it
// takes the message at DATA, so a sender account removed meanwhile is still refused.
const APPROVAL_MS = 60_000;
/** A client cycling through addresses keeps at most this many; past it the session starts over. */
const MAX_ADDRESSES = 16;

export class ApprovedSenders {
  private readonly until = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  has(userId: string, address: string): boolean {
    const until = this.until.get(keyOf(userId, address));
    return until !== undefined && until > this.now();
  }

  add(userId: string, address: string): void {
    if (this.until.size >= MAX_ADDRESSES) this.until.clear();
    this.until.set(keyOf(userId, address), this.now() + APPROVAL_MS);
  }
}

const keyOf = (userId: string, address: string) => `${userId}\n${address.toLowerCase()}`;
