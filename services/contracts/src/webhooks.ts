// Outbound webhooks: endpoints a user registers, the events they receive, and each delivery's attempts.
import { type Static, Type } from '@sinclair/typebox';

export const WEBHOOK_EVENTS = [
  'email.sent',
  'email.failed',
  'email.opened',
  'email.clicked',
  'email.scheduled',
  'email.cancelled',
  'email.held',
  'account.paused',
  'account.resumed',
  'email.bounced',
  'email.replied',
  'email.unsubscribed',
  'email.suppressed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
export const WebhookEventType = Type.Union([
  Type.Literal('email.sent'),
  Type.Literal('email.failed'),
  Type.Literal('email.opened'),
  Type.Literal('email.clicked'),
  Type.Literal('email.scheduled'),
  Type.Literal('email.cancelled'),
  Type.Literal('email.held'),
  Type.Literal('account.paused'),
  Type.Literal('account.resumed'),
  Type.Literal('email.bounced'),
  Type.Literal('email.replied'),
  Type.Literal('email.unsubscribed'),
  Type.Literal('email.suppressed'),
]);

export const WEBHOOK_LIMITS = {
  endpointsPerUser: 20,
  urlMaxChars: 2_048,
  descriptionMaxChars: 200,
  /** Seconds either side of now a receiver should accept a signature's timestamp. */
  signatureToleranceSeconds: 300,
} as const;

/** The header every delivery carries: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Mailwright-Signature';

export const WebhookUrl = Type.String({
  minLength: 8,
  maxLength: WEBHOOK_LIMITS.urlMaxChars,
  description: 'Where deliveries are POSTed: https (http allowed only when the operator allows private targets)',
  examples: ['https://example.com/hooks/mailwright'],
});

export const CreateWebhookBody = Type.Object(
  {
    url: WebhookUrl,
    events: Type.Array(WebhookEventType, { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true }),
    description: Type.Optional(Type.String({ maxLength: WEBHOOK_LIMITS.descriptionMaxChars })),
  },
  {
    additionalProperties: false,
    examples: [{ url: 'https://example.com/hooks/mailwright', events: ['email.sent', 'email.failed'] }],
  },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(WebhookUrl),
    events: Type.Optional(Type.Array(WebhookEventType, { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true })),
    description: Type.Optional(Type.String({ maxLength: WEBHOOK_LIMITS.descriptionMaxChars })),
    /** true re-enables an endpoint that was disabled after failing (its reason is cleared). */
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, examples: [{ events: ['email.opened', 'email.clicked'], enabled: true }] },
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

export const WebhookEndpoint = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(WebhookEventType),
  description: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  /** Why the endpoint was disabled (after failing for a day), or null. */
  disabledReason: Type.Union([Type.String(), Type.Null()]),
  disabledAt: Type.Union([Type.String(), Type.Null()]),
  /** Since when deliveries have been failing without a success in between, or null. */
  failingSince: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

/** Answer of create and rotate-secret: the only times the signing secret is shown. */
export const WebhookWithSecret = Type.Intersect([
  WebhookEndpoint,
  Type.Object({ secret: Type.String({ examples: ['whsec_3f1c…'] }) }),
]);
export type WebhookWithSecret = Static<typeof WebhookWithSecret>;

export const WebhookDeliveryStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('succeeded'),
  Type.Literal('retrying'),
  Type.Literal('failed'),
]);
export type WebhookDeliveryStatus = Static<typeof WebhookDeliveryStatus>;

export const WebhookAttempt = Type.Object({
  attempt: Type.Integer(),
  at: Type.String(),
  /** HTTP status the endpoint answered, or null when no answer (timeout, refused, blocked address). */
  responseStatus: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  durationMs: Type.Integer(),
  succeeded: Type.Boolean(),
});
export type WebhookAttempt = Static<typeof WebhookAttempt>;

export const WebhookDelivery = Type.Object({
  id: Type.String(),
  endpointId: Type.String(),
  eventId: Type.String(),
  event: Type.Union([WebhookEventType, Type.Literal('webhook.test')]),
  emailId: Type.Union([Type.String(), Type.Null()]),
  status: WebhookDeliveryStatus,
  attempts: Type.Integer(),
  responseStatus: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  lastAttemptAt: Type.Union([Type.String(), Type.Null()]),
  nextAttemptAt: Type.Union([Type.String(), Type.Null()]),
  attemptLog: Type.Array(WebhookAttempt),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveriesQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

/**
 * The JSON body POSTed to an endpoint. `data` describes the email (id, status, recipients, subject and,
 * for clicks, the url).
 */
export const WebhookPayload = Type.Object({
  id: Type.String({ description: 'event id; the same across retries of one delivery' }),
  type: Type.Union([WebhookEventType, Type.Literal('webhook.test')]),
  createdAt: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
});
export type WebhookPayload = Static<typeof WebhookPayload>;

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook endpoint not found',
  urlInvalid: 'url must be an absolute https URL',
  urlPrivate: 'url must point to a public address: loopback, private and link-local addresses are not allowed',
  urlUnresolvable: 'url host could not be resolved',
  tooMany: `You can register up to ${WEBHOOK_LIMITS.endpointsPerUser} webhook endpoints`,
  disabledAfterFailures: (duration: string, lastError: string) =>
    `Disabled after failing for ${duration} without a successful delivery. Last error: ${lastError}`,
} as const;
