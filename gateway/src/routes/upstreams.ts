// The public prefixes and the service behind each one.
import type { GatewayConfig } from '../config';

export interface Upstream {
  prefix: string;
  rewritePrefix: string;
  service: string;
  url: (config: GatewayConfig) => string;
}

export const upstreams: Upstream[] = [
  { prefix: '/api/auth', rewritePrefix: '/auth', service: 'identity', url: (c) => c.IDENTITY_URL },
  { prefix: '/api/api-keys', rewritePrefix: '/api-keys', service: 'identity', url: (c) => c.IDENTITY_URL },
  { prefix: '/api/email-accounts', rewritePrefix: '/email-accounts', service: 'accounts', url: (c) => c.ACCOUNTS_URL },
  { prefix: '/api/templates', rewritePrefix: '/templates', service: 'templates', url: (c) => c.TEMPLATES_URL },
  { prefix: '/api/emails', rewritePrefix: '/emails', service: 'mail', url: (c) => c.MAIL_URL },
  { prefix: '/api/webhooks', rewritePrefix: '/webhooks', service: 'mail', url: (c) => c.MAIL_URL },
  { prefix: '/api/payments', rewritePrefix: '/payments', service: 'billing', url: (c) => c.BILLING_URL },
  { prefix: '/t', rewritePrefix: '/t', service: 'mail', url: (c) => c.MAIL_URL },
];
