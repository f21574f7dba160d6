// nginx resolves the names in its upstream blocks (the gateway's, the services') only when it loads its configuration.
// In compose a recreated container may come back at another address, which nginx would never learn: the edge looks
// the names up now and then, as nginx would (the system resolver), and reloads nginx when an address changed.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Every address a name has, in a stable order; a lookup error is thrown. */
export type AddressLookup = (host: string) => Promise<string[]>;

/** What the system resolver (nginx's too) answers for `host`. */
export const systemAddresses: AddressLookup = async (host) =>
  (await lookup(host, { all: true })).map((found) => found.address).sort();

/** The host names (not addresses) of `urls`, once each. */
export function upstreamHostNames(urls: readonly string[]): string[] {
  const names = urls.map((url) => new URL(url).hostname).filter((host) => isIP(host.replace(/^\[|\]$/g, '')) === 0);
  return [...new Set(names)];
}

export interface UpstreamWatch {
  stop(): void;
}

/**
 * Looks `hosts` up every `intervalMs` and calls `onChange` with the names whose addresses changed since the last
 * lookup (the first one is the baseline, taken at once). A name that fails to resolve keeps its last addresses: a
 * container being recreated is missing for a moment, and a reload then would only fail.
 */
export function watchUpstreamAddresses(
  hosts: readonly string[],
  onChange: (changed: string[]) => void,
  options: { intervalMs: number; lookup?: AddressLookup },
): UpstreamWatch {
  const resolve = options.lookup ?? systemAddresses;
  const known = new Map<string, string>();
  // A lookup slower than the interval is not started again over itself.
  let looking = false;
  const check = async () => {
    const changed: string[] = [];
    for (const host of hosts) {
      const addresses = await resolve(host).then(
        (found) => found.join(' '),
        () => null,
      );
      if (addresses === null || addresses === '') continue;
      const before = known.get(host);
      known.set(host, addresses);
      if (before !== undefined && before !== addresses) changed.push(host);
    }
    if (changed.length > 0) onChange(changed);
  };
  const run = () => {
    if (looking) return;
    looking = true;
    void check().finally(() => {
      looking = false;
    });
  };
  run();
  const timer = hosts.length > 0 ? setInterval(run, options.intervalMs) : null;
  timer?.unref();
  return { stop: () => timer && clearInterval(timer) };
}
