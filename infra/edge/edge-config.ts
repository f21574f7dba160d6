// The edge process's settings (edge.ts), apart from its entry so that the deployment checks can read them.
import { platformServices, serviceUrlVar } from '@mailwright/contracts';
import type { serviceUrls } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import { type GatewayConfig, GatewayConfigSchema } from '../../gateway/src/config';
import type { EdgeConfigInput } from './nginx-config';
import { trustTheEdge } from './trust-the-edge';

/**
 * The gateway's own settings where the edge must agree with it (the secret its authorizer checks, the services'
 * addresses, the checkout script the security headers allow, the access log), and the edge's.
 */
export const EdgeConfigSchema = Type.Composite([
  Type.Pick(GatewayConfigSchema, [
    'HOST',
    'INTERNAL_SECRET',
    'RAZORPAY_CHECKOUT_URL',
    'ACCESS_LOG',
    ...platformServices.map((spec) => serviceUrlVar(spec.name)),
  ]),
  Type.Object({
    /** The public port. */
    PORT: Type.Integer({ default: 8080, minimum: 1, maximum: 65535 }),
    /** The gateway behind the edge, e.g. http://gateway:8080. */
    GATEWAY_URL: Type.String({ pattern: '^http://[^/?#]+/?$' }),
    /**
     * What is in front of the edge, as the gateway's TRUST_PROXY says it: nothing (`false`), a hop count or addresses.
     * The gateway behind the edge trusts one hop more (trust-the-edge.ts).
     */
    TRUST_PROXY: Type.String({ default: 'false' }),
    /** nginx worker processes: one per core the edge may use. */
    EDGE_WORKERS: Type.Integer({ default: 1, minimum: 1, maximum: 64 }),
    /**
     * How often the gateway's and the services' names are looked up again; nginx is reloaded when an address changed
     * (upstream-addresses.ts). 0: never (nginx keeps the addresses it found at start).
     */
    EDGE_RESOLVE_SECONDS: Type.Integer({ default: 10, minimum: 0, maximum: 3600 }),
    /** The nginx binary; empty: the first of nginx-binary.ts's usual places. */
    NGINX_BINARY: Type.String({ default: '' }),
  }),
]);

/**
 * What nginx must agree on with the gateway, from the gateway's settings: the services' addresses, the secret its
 * authorizer checks, the checkout script the security headers allow, the access log, and what to do with a caller's
 * X-Forwarded-For given what is in front of the edge (`trustProxy`). Used by edge.ts and the launcher's stack.
 */
export function gatewaySideOfEdge(
  gateway: Pick<GatewayConfig, 'INTERNAL_SECRET' | 'RAZORPAY_CHECKOUT_URL' | 'ACCESS_LOG' | keyof typeof serviceUrls>,
  trustProxy: string | undefined,
): Pick<EdgeConfigInput, 'serviceUrls' | 'internalSecret' | 'checkoutScriptUrl' | 'accessLog' | 'forwardedFor'> {
  return {
    serviceUrls: Object.fromEntries(
      platformServices.map((spec) => [spec.name, gateway[serviceUrlVar(spec.name) as keyof typeof serviceUrls]]),
    ),
    internalSecret: gateway.INTERNAL_SECRET,
    checkoutScriptUrl: gateway.RAZORPAY_CHECKOUT_URL,
    accessLog: gateway.ACCESS_LOG,
    forwardedFor: trustTheEdge(trustProxy).forwardedFor,
  };
}
