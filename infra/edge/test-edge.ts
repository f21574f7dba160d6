// The edge's nginx for the edge's own tests: one worker, no access log, in front of the given gateway and mail
// service (stand-ins, or addresses where nothing listens); stop() ends it and waits until it has exited.
import { freePort } from '../launcher/free-port';
import { startEdgeNginx } from './start-edge';

/** The installation secret the test edge is configured with (its edge secret is derived from it). */
export const TEST_EDGE_SECRET = 'an installation secret that is long enough to sign';

export interface TestEdge {
  url: string;
  stop(): Promise<void>;
}

export async function startTestEdge(binary: string, upstreams: { gatewayUrl: string; mailUrl: string }): Promise<TestEdge> {
  const port = await freePort();
  const edge = await startEdgeNginx(
    binary,
    {
      host: '127.0.0.1',
      port,
      gatewayUrl: upstreams.gatewayUrl,
      serviceUrls: { mail: upstreams.mailUrl },
      internalSecret: TEST_EDGE_SECRET,
      checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
      accessLog: false,
      forwardedFor: 'replace',
      workers: 1,
    },
    'inherit',
  );
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => edge.child.once('exit', resolve));
      edge.child.kill('SIGTERM');
      await exited;
    },
  };
}
