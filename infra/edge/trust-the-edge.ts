// The gateway behind the edge sees every request come from nginx on loopback. What nginx puts in X-Forwarded-For
// and what the gateway then believes (TRUST_PROXY: false, a hop count, or addresses;
// gateway/src/plugins/trusted-proxies.ts), so that the gateway still finds the client's address for its
// per-address limits and access log, and a client's own X-Forwarded-For still counts for nothing:
//
// - nothing trusted: nginx replaces the header with the address it saw, and the gateway believes one hop;
// - a hop count: nginx appends, and the gateway believes one hop more;
// - addresses: nginx appends, and the gateway believes loopback too.
export interface EdgeTrust {
  /** The gateway's TRUST_PROXY behind the edge. */
  gateway: string;
  /** Whether nginx appends to a caller's X-Forwarded-For or replaces it. */
  forwardedFor: 'append' | 'replace';
}

export function trustTheEdge(trustProxy: string | undefined): EdgeTrust {
  const value = (trustProxy ?? 'false').trim();
  if (value === '' || value === 'false') return { gateway: '1', forwardedFor: 'replace' };
  if (/^\d+$/.test(value)) return { gateway: String(Number(value) + 1), forwardedFor: 'append' };
  return { gateway: `${value},127.0.0.1`, forwardedFor: 'append' };
}
