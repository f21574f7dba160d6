// The API's shapes, all from @mailwright/contracts: the services answer with these schemas, so the web app
// never types them again. Type-only imports: no TypeBox code reaches the bundle from here.
import type { EmailStats, SubscriptionChangeResponse } from '@mailwright/contracts';

export type {
  ApiKey,
  ChangePasswordBody,
  ChangePasswordResponse,
  ConnectTicket,
  CreateOrderResponse,
  CreateSmtpAccountBody,
  CreateWebhookBody,
  EmailAccount,
  EmailListResponse,
  EmailLog,
  EmailProvider,
  EmailStats,
  EmailStatus,
  ListEmailsQuery,
  LoginBody,
  LoginResponse,
  OAuthEmailProvider,
  Plan,
  PlanId,
  ProfileBody,
  SendEmailBody,
  SignupBody,
  StatsQuery,
  Template,
  TemplateBody,
  TemplatePreview,
  UpdateSmtpAccountBody,
  UpdateWebhookBody,
  User,
  VerifyPaymentBody,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookWithSecret,
} from '@mailwright/contracts';

/** How most routes wrap their answer: `{ data: T }` (the contracts' `Envelope(schema)`). */
export interface Envelope<T> {
  data: T;
}

/** One day of GET /emails/analytics/stats' series (UTC, oldest first). */
export type EmailStatsPoint = EmailStats['series'][number];

/** Answer of verify, downgrade and cancel: the new subscription and the new monthly limit (no usage count). */
export type SubscriptionChange = SubscriptionChangeResponse['data'];
