// Which X-Forwarded-For entries the gateway believes (TRUST_PROXY). The client address keys the per-IP rate
// limits, so trusting the whole chain would let every client pick its own key: only a hop count (the proxies
// in front of the gateway) or the proxies' own addresses are accepted, and `true` is refused at boot.
import { isIP } from 'node:net';
import { ConfigError } from '@mailwright/kit';

/** Fastify's `trustProxy`: false, a hop count (as a function of the hop), or the trusted addresses and CIDR ranges. */
export type TrustProxy = false | ((address: string, hop: number) => boolean) | string[];

const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(value: string): TrustProxy {
  const setting = value.trim();
  if (setting === '' || setting === 'false' || setting === '0') return false;
  if (setting === 'true') {
    throw new ConfigError(
      'Configuration error: TRUST_PROXY=true is refused: it trusts every X-Forwarded-For entry, so a client could pick its ' +
        'own rate-limit address. Set the number of proxies in front of the gateway (TRUST_PROXY=1) or their addresses ' +
        '(TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
    );
  }
  if (/^\d+$/.test(setting)) {
    // Fastify now refuses a bare number (it cannot tell a proxy from a client sending X-Forwarded-For itself):
    // a hop count is the operator's statement that every request comes through exactly that many proxies.
    const hops = Number(setting);
    return (_address, hop) => hop < hops;
  }
  const entries = setting.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) {
    throw new ConfigError(
      `Configuration error: TRUST_PROXY is invalid ("${wrong}" is not an IP address or CIDR range): set a hop count ` +
        "(TRUST_PROXY=1) or the proxies' addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1)",
    );
  }
  return entries;
}
