// Error examples that are true for the route they sit on: its service's name, its prefix's body limit, its kind of
// caller, and a validation sentence written the way the services write them (kit's describeValidation).
import {
  FREE_ENTITLEMENTS,
  MAIL_MESSAGES,
  SENDER_POOL_MESSAGES,
  SUPPRESSION_MESSAGES,
  TEMPLATE_MESSAGES,
  WEBHOOK_MESSAGES,
} from '@mailwright/contracts';
import type { Access } from '../access-rules';
import { bodyTooLarge } from '../body-limit';

type Json = Record<string, unknown>;

export interface ErrorExample {
  message: string;
  code: string;
}

export interface RouteFacts {
  /** The public path template, e.g. /t/c/{token}. */
  path: string;
  service: string;
  /** Answered by the gateway itself (the open pixel): the service behind the prefix is never asked. */
  atTheEdge: boolean;
  bodyLimit: number;
  access: Access;
  /** The operation's JSON request body schema, if any. */
  body?: Json;
  /** The operation's path and query parameters. */
  parameters: Json[];
}

/** The sentence a 400 answers for this route's first required body field, or for one of its parameters' limits. */
function validationExample(route: RouteFacts): ErrorExample | undefined {
  const required = (route.body?.required as string[] | undefined)?.[0];
  if (required) return { message: `${required} is required`, code: 'VALIDATION_ERROR' };
  for (const parameter of route.parameters) {
    const schema = (parameter.schema ?? {}) as Json;
    if (typeof schema.maxLength === 'number')
      return { message: `${parameter.name} must NOT have more than ${schema.maxLength} characters`, code: 'VALIDATION_ERROR' };
    if (typeof schema.maximum === 'number')
      return { message: `${parameter.name} must be <= ${schema.maximum}`, code: 'VALIDATION_ERROR' };
  }
  return undefined;
}

/** The services' own 404 sentences, by public prefix (accounts writes its one inline: domain/errors.ts). */
const NOT_FOUND_BY_PREFIX: Array<[prefix: string, message: string]> = [
  ['/api/templates', TEMPLATE_MESSAGES.notFound],
  ['/api/emails', MAIL_MESSAGES.emailNotFound],
  ['/compat/resend', MAIL_MESSAGES.emailNotFound],
  ['/api/sender-pools', SENDER_POOL_MESSAGES.notFound],
  ['/api/webhooks', WEBHOOK_MESSAGES.notFound],
  ['/api/suppressions', SUPPRESSION_MESSAGES.notFound],
  ['/api/email-accounts', 'Email account not found'],
  ['/t/c/', MAIL_MESSAGES.linkNotFound],
];

function notFound(route: RouteFacts): ErrorExample {
  const known = NOT_FOUND_BY_PREFIX.find(([prefix]) => route.path.startsWith(prefix));
  return { message: known?.[1] ?? 'Not found', code: 'NOT_FOUND' };
}

/** The plan refusals the services answer with 403, by public prefix (written as the services write them). */
const FORBIDDEN_BY_PREFIX: Array<[prefix: string, example: ErrorExample]> = [
  ['/api/emails/api', { message: MAIL_MESSAGES.apiAccessRequired, code: 'API_ACCESS_REQUIRED' }],
  ['/api/sender-pools', { message: SENDER_POOL_MESSAGES.planRequired, code: 'PLAN_LIMIT' }],
  [
    '/api/templates',
    {
      message: `Your free plan allows ${FREE_ENTITLEMENTS.templateLimit} templates. Upgrade to Pro for unlimited templates at /pricing.`,
      code: 'PLAN_LIMIT',
    },
  ],
  [
    '/api/email-accounts',
    {
      message: `Your Free plan allows ${FREE_ENTITLEMENTS.accountLimit} email account. Upgrade your plan at /pricing to add more email accounts.`,
      code: 'PLAN_LIMIT',
    },
  ],
];

function forbidden(route: RouteFacts): ErrorExample {
  const known = FORBIDDEN_BY_PREFIX.find(([prefix]) => route.path.startsWith(prefix));
  return known?.[1] ?? { message: 'Forbidden', code: 'FORBIDDEN' };
}

/** Refused by the gateway before any route (request-path.ts), so true of every route. */
const REFUSED_PATH: ErrorExample = { message: 'Request path must not contain "." or ".." segments', code: 'BAD_REQUEST' };

function unauthorized(route: RouteFacts): ErrorExample {
  return route.access === 'api_key'
    ? { message: 'Missing API key: send it in the X-API-Key header', code: 'UNAUTHORIZED' }
    : { message: 'Authentication required', code: 'UNAUTHORIZED' };
}

const unavailable = (route: RouteFacts): ErrorExample => ({
  message: `The ${route.service} service is unavailable right now. Please try again shortly.`,
  code: 'SERVICE_UNAVAILABLE',
});

const BY_STATUS: Record<string, (route: RouteFacts) => ErrorExample> = {
  '400': (route) =>
    validationExample(route) ?? (route.body ? { message: 'Request body is not valid JSON', code: 'INVALID_JSON' } : REFUSED_PATH),
  '401': unauthorized,
  '403': forbidden,
  '404': notFound,
  '409': () => ({ message: 'The resource is in a state that does not allow this', code: 'CONFLICT' }),
  '413': (route) => {
    const { message, code } = bodyTooLarge(route.bodyLimit);
    return { message, code };
  },
  '415': () => ({ message: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' }),
  '429': () => ({ message: 'Too many requests. Try again in 42 seconds.', code: 'RATE_LIMITED' }),
  '500': () => ({ message: 'Internal server error', code: 'INTERNAL_ERROR' }),
  '503': unavailable,
  '5XX': (route) => (route.atTheEdge ? { message: 'Internal server error', code: 'INTERNAL_ERROR' } : unavailable(route)),
  '4XX': (route) =>
    validationExample(route) ??
    (route.access !== 'public' ? unauthorized(route) : route.path.startsWith('/t/c/') ? notFound(route) : REFUSED_PATH),
};

export function errorExample(status: string, route: RouteFacts): ErrorExample {
  const example = BY_STATUS[status] ?? (BY_STATUS['4XX'] as (route: RouteFacts) => ErrorExample);
  return example(route);
}
