// The public prefixes and the service behind each one.
import type { GatewayConfig } from '../config';

export interface Upstream {
  prefix: string;
  rewritePrefix: string;
  service: string;
  url: (config: GatewayConfig) => string;
  /** Largest request body forwarded; checked at the edge so an oversized upload never reaches the service. */
  bodyLimit: number;
}

const KB = 1024;
const MB = 1024 * KB;

export const upstreams: Upstream[] = [
  { prefix: '/api/auth', rewritePrefix: '/auth', service: 'identity', url: (c) => c.IDENTITY_URL, bodyLimit: 256 * KB },
  { prefix: '/api/api-keys', rewritePrefix: '/api-keys', service: 'identity', url: (c) => c.IDENTITY_URL, bodyLimit: 64 * KB },
  {
    prefix: '/api/email-accounts',
    rewritePrefix: '/email-accounts',
    service: 'accounts',
    url: (c) => c.ACCOUNTS_URL,
    bodyLimit: 256 * KB,
  },
  {
    prefix: '/api/templates',
    rewritePrefix: '/templates',
    service: 'templates',
    url: (c) => c.TEMPLATES_URL,
    bodyLimit: 1.25 * MB,
  },
  { prefix: '/api/emails', rewritePrefix: '/emails', service: 'mail', url: (c) => c.MAIL_URL, bodyLimit: 16 * MB },
  { prefix: '/api/webhooks', rewritePrefix: '/webhooks', service: 'mail', url: (c) => c.MAIL_URL, bodyLimit: 256 * KB },
  { prefix: '/api/payments', rewritePrefix: '/payments', service: 'billing', url: (c) => c.BILLING_URL, bodyLimit: 256 * KB },
  { prefix: '/t', rewritePrefix: '/t', service: 'mail', url: (c) => c.MAIL_URL, bodyLimit: 16 * KB },
];
