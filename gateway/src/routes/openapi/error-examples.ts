// Error examples that are true for the route they sit on: its service's name, its prefix's body limit, its kind of
// caller, and a validation sentence written the way the services write them (kit's describeValidation).
import { MAIL_MESSAGES } from '@mailwright/contracts';
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
  '400': (route) => validationExample(route) ?? { message: 'Request body is not valid JSON', code: 'INVALID_JSON' },
  '401': unauthorized,
  '403': () => ({ message: 'You do not have access to this resource', code: 'FORBIDDEN' }),
  '404': () => ({ message: 'Not found', code: 'NOT_FOUND' }),
  '409': () => ({ message: 'The resource is in a state that does not allow this', code: 'CONFLICT' }),
  '413': (route) => {
    const { message, code } = bodyTooLarge(route.bodyLimit);
    return { message, code };
  },
  '415': () => ({ message: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' }),
  '429': () => ({ message: 'Too many requests. Try again in 42 seconds.', code: 'RATE_LIMITED' }),
  '500': () => ({ message: 'Internal server error', code: 'INTERNAL_ERROR' }),
  '503': unavailable,
  '5XX': unavailable,
  '4XX': (route) =>
    validationExample(route) ??
    (route.access !== 'public'
      ? unauthorized(route)
      : route.path.startsWith('/t/c/')
        ? { message: MAIL_MESSAGES.linkNotFound, code: 'NOT_FOUND' }
        : { message: 'Not found', code: 'NOT_FOUND' }),
};

export function errorExample(status: string, route: RouteFacts): ErrorExample {
  const example = BY_STATUS[status] ?? (BY_STATUS['4XX'] as (route: RouteFacts) => ErrorExample);
  return example(route);
}
