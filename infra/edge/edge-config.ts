// The edge process's settings (edge.ts), apart from its entry so that the deployment checks can read them.
import { platformServices, serviceUrlVar } from '@mailwright/contracts';
import { Type } from '@sinclair/typebox';
import { GatewayConfigSchema } from '../../gateway/src/config';

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
    /** The nginx binary; empty: the first of nginx-binary.ts's usual places. */
    NGINX_BINARY: Type.String({ default: '' }),
  }),
]);
