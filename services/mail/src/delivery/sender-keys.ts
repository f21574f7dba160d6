// The Redis keys of one sender account's state (limiter windows, concurrency leases, refused sign-ins). The account
// id is the hash tag, so a cluster keeps one sender's keys on one slot and its scripts stay atomic.
export const senderKey = (prefix: string, accountId: string, part: string) => `${prefix}:mail:sender:{${accountId}}:${part}`;
