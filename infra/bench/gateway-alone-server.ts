// The gateway alone, for `npm run bench:gateway -- --alone`: the real app (every hook: API key, rate limits, body
// limits, header stripping, security headers, metrics) in front of the given stand-in services URL, on a free
// port; prints `listening <url>` when ready. Redis as in the tests (TEST_REDIS_URL or the local one). Logs at
// BENCH_GATEWAY_LOG_LEVEL (info by default, as the stack's gateway does).
import { buildGatewayFor } from '../../gateway/test/support/gateway-app';

const standInUrl = process.argv[2];
if (!standInUrl) throw new Error('usage: gateway-alone-server.ts <stand-in services url>');
const app = await buildGatewayFor({ url: standInUrl } as Parameters<typeof buildGatewayFor>[0], {
  // As the benchmark's stack runs it: one key, its limit lifted, the per-key limiter still on every request.
  RATE_LIMIT_API_MAX: '100000000',
  RATE_LIMIT_API_PLANS: 'free:60,pro:100000000,enterprise:100000000',
  // As the stack runs it (launcher: LOG_LEVEL info, the access log on), its lines on stdout, which the bench reads.
  LOG_LEVEL: process.env.BENCH_GATEWAY_LOG_LEVEL ?? 'info',
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${url}\n`);
const stop = () => void app.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
