// Every call of spec section 7, grouped by resource. Paths are relative to API_BASE ('/api').
import { DEFAULT_TEMPLATE_CATEGORY } from '@mailwright/contracts';
import { request, requestFile } from './client';
import type {
  AddSuppressionBody,
  ApiKey,
  ChangePasswordBody,
  ChangePasswordResponse,
  ConnectTicket,
  CreateOrderResponse,
  CreateSenderPoolBody,
  CreateSmtpAccountBody,
  CreateWebhookBody,
  EmailAccount,
  EmailListResponse,
  EmailLog,
  EmailStats,
  EmailTimelineEvent,
  Envelope,
  ExportEmailsQuery,
  ListEmailsQuery,
  ListSuppressionsQuery,
  LoginBody,
  LoginResponse,
  OAuthEmailProvider,
  Plan,
  PlanId,
  ProfileBody,
  SendEmailBody,
  SenderPool,
  SenderUsage,
  SignupBody,
  StatsQuery,
  SubscriptionChange,
  Suppression,
  SuppressionImportResult,
  SuppressionListResponse,
  Template,
  TemplateBody,
  TemplatePreview,
  UpdateFeedbackBody,
  UpdateSenderLimitsBody,
  UpdateSenderPoolBody,
  UpdateSmtpAccountBody,
  UpdateWebhookBody,
  User,
  VerifyPaymentBody,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookWithSecret,
} from './types';

const id = (value: string) => encodeURIComponent(value);
const unwrap = <T>(envelope: Envelope<T>) => envelope.data;

export type SocialProvider = 'google' | 'github' | 'microsoft';

export const authApi = {
  signup: (body: SignupBody) => request<unknown>('/auth/signup', { method: 'POST', body }),
  login: (body: LoginBody) => request<LoginResponse>('/auth/login', { method: 'POST', body }),
  me: async () => (await request<{ user: User }>('/auth/me')).user,
  verifyEmail: (token: string) => request<unknown>(`/auth/verify-email/${id(token)}`),
  /** A new verification link for an account not verified yet; the same answer for any address, 429 within a minute. */
  resendVerification: (email: string) =>
    request<{ message: string }>('/auth/resend-verification', { method: 'POST', body: { email } }),
  forgotPassword: (email: string) => request<unknown>('/auth/forgot-password', { method: 'POST', body: { email } }),
  resetPassword: (token: string, password: string) =>
    request<unknown>(`/auth/reset-password/${id(token)}`, { method: 'POST', body: { password } }),
  updateProfile: async (body: ProfileBody) => (await request<{ user: User }>('/auth/profile', { method: 'PUT', body })).user,
  /** The other sessions end; this one continues with the answered token (store it). */
  changePassword: (body: ChangePasswordBody) => request<ChangePasswordResponse>('/auth/change-password', { method: 'PUT', body }),
  /** Ends every session of the user, this one included. */
  logoutEverywhere: () => request<unknown>('/auth/logout-everywhere', { method: 'POST' }),
  /** Trades the one-time code social sign-in ends with for a session. */
  exchangeSignInCode: (code: string) => request<LoginResponse>('/auth/exchange', { method: 'POST', body: { code } }),
  /** A browser navigation target, not a fetch: the server redirects to the provider. */
  socialSignInUrl: (provider: SocialProvider) => `/api/auth/${provider}`,
};

export const emailAccountsApi = {
  list: async () => unwrap(await request<Envelope<EmailAccount[]>>('/email-accounts')),
  addSmtp: async (body: CreateSmtpAccountBody) =>
    unwrap(await request<Envelope<EmailAccount>>('/email-accounts/smtp', { method: 'POST', body })),
  update: async (accountId: string, body: UpdateSmtpAccountBody) =>
    unwrap(await request<Envelope<EmailAccount>>(`/email-accounts/${id(accountId)}`, { method: 'PUT', body })),
  remove: (accountId: string) => request<unknown>(`/email-accounts/${id(accountId)}`, { method: 'DELETE' }),
  setDefault: (accountId: string) => request<unknown>(`/email-accounts/${id(accountId)}/default`, { method: 'PUT' }),
  /** A one-time ticket whose `url` starts the OAuth connect (the browser navigates there). */
  connectTicket: async (provider: OAuthEmailProvider) =>
    unwrap(await request<Envelope<ConnectTicket>>('/email-accounts/connect-ticket', { method: 'POST', body: { provider } })),
  /** null in a field = the provider default; above the provider's ceiling → 400 naming the field. */
  updateLimits: (accountId: string, body: UpdateSenderLimitsBody) =>
    request<unknown>(`/email-accounts/${id(accountId)}/limits`, { method: 'PUT', body }),
  /** Messages this minute and today, recipients today and the emails held on this sender now. */
  usage: async (accountId: string) => unwrap(await request<Envelope<SenderUsage>>(`/email-accounts/${id(accountId)}/usage`)),
  /** Resumes a paused sender (a needs_reconnect one is reconnected through OAuth instead). */
  resume: (accountId: string) => request<unknown>(`/email-accounts/${id(accountId)}/resume`, { method: 'POST' }),
  /** Turns reading bounces and replies from the mailbox on or off; `imap` (SMTP only): null = the defaults. */
  updateFeedback: async (accountId: string, body: UpdateFeedbackBody) =>
    unwrap(await request<Envelope<EmailAccount>>(`/email-accounts/${id(accountId)}/feedback`, { method: 'PUT', body })),
};

/** The suppression list (issue 21): addresses no email is delivered to. */
export const suppressionsApi = {
  list: (query: ListSuppressionsQuery = {}) => request<SuppressionListResponse>('/suppressions', { query: { ...query } }),
  add: async (body: AddSuppressionBody) =>
    unwrap(await request<Envelope<Suppression>>('/suppressions', { method: 'POST', body })),
  remove: (email: string) => request<unknown>(`/suppressions/${id(email)}`, { method: 'DELETE' }),
  /** The CSV is sent as it is (one address a row); the answer counts what was added and skipped. */
  importCsv: async (file: Blob | string) =>
    unwrap(
      await request<Envelope<SuppressionImportResult>>('/suppressions/import', {
        method: 'POST',
        rawBody: { data: file, contentType: 'text/csv' },
      }),
    ),
  exportCsv: () => requestFile('/suppressions/export', { headers: { Accept: 'text/csv' } }),
};

/** Sender pools: pro and enterprise only (free → 403 PLAN_LIMIT). */
export const senderPoolsApi = {
  list: async () => unwrap(await request<Envelope<SenderPool[]>>('/sender-pools')),
  get: async (poolId: string) => unwrap(await request<Envelope<SenderPool>>(`/sender-pools/${id(poolId)}`)),
  create: async (body: CreateSenderPoolBody) =>
    unwrap(await request<Envelope<SenderPool>>('/sender-pools', { method: 'POST', body })),
  update: async (poolId: string, body: UpdateSenderPoolBody) =>
    unwrap(await request<Envelope<SenderPool>>(`/sender-pools/${id(poolId)}`, { method: 'PUT', body })),
  remove: (poolId: string) => request<unknown>(`/sender-pools/${id(poolId)}`, { method: 'DELETE' }),
};

export const templatesApi = {
  list: async () => unwrap(await request<Envelope<Template[]>>('/templates')),
  get: async (templateId: string) => unwrap(await request<Envelope<Template>>(`/templates/${id(templateId)}`)),
  create: async (body: TemplateBody) =>
    unwrap(
      await request<Envelope<Template>>('/templates', { method: 'POST', body: { category: DEFAULT_TEMPLATE_CATEGORY, ...body } }),
    ),
  update: async (templateId: string, body: TemplateBody) =>
    unwrap(await request<Envelope<Template>>(`/templates/${id(templateId)}`, { method: 'PUT', body })),
  remove: (templateId: string) => request<unknown>(`/templates/${id(templateId)}`, { method: 'DELETE' }),
  preview: async (templateId: string, variables: Record<string, string>) =>
    unwrap(
      await request<Envelope<TemplatePreview>>(`/templates/${id(templateId)}/preview`, { method: 'POST', body: { variables } }),
    ),
};

export const emailsApi = {
  send: async (body: SendEmailBody) => unwrap(await request<Envelope<EmailLog>>('/emails/send', { method: 'POST', body })),
  list: (query: ListEmailsQuery = {}) => request<EmailListResponse>('/emails', { query: { ...query } }),
  get: async (emailId: string) => unwrap(await request<Envelope<EmailLog>>(`/emails/${id(emailId)}`)),
  cancel: (emailId: string) => request<unknown>(`/emails/${id(emailId)}/cancel`, { method: 'DELETE' }),
  /** What happened to the email, oldest first (accepted, sent, opened, clicked, held, bounced, replied, ...). */
  events: async (emailId: string) => unwrap(await request<Envelope<EmailTimelineEvent[]>>(`/emails/${id(emailId)}/events`)),
  /** The filtered log as CSV (streamed by the server). */
  exportCsv: (query: ExportEmailsQuery = {}) =>
    requestFile('/emails/export.csv', { query: { ...query }, headers: { Accept: 'text/csv' } }),
  stats: async (query: StatsQuery = {}) => unwrap(await request<Envelope<EmailStats>>('/emails/analytics/stats', { query })),
};

export const apiKeysApi = {
  list: async () => unwrap(await request<Envelope<ApiKey[]>>('/api-keys')),
  /** The returned key is the full secret, shown once. */
  create: async (name: string) => unwrap(await request<Envelope<ApiKey>>('/api-keys', { method: 'POST', body: { name } })),
  remove: (keyId: string) => request<unknown>(`/api-keys/${id(keyId)}`, { method: 'DELETE' }),
  toggle: async (keyId: string) => unwrap(await request<Envelope<ApiKey>>(`/api-keys/${id(keyId)}/toggle`, { method: 'PUT' })),
};

export const paymentsApi = {
  plans: async () => unwrap(await request<Envelope<Plan[]>>('/payments/plans')),
  createOrder: (plan: PlanId) => request<CreateOrderResponse>('/payments/create-order', { method: 'POST', body: { plan } }),
  verify: async (body: VerifyPaymentBody) =>
    unwrap(await request<Envelope<SubscriptionChange>>('/payments/verify', { method: 'POST', body })),
  cancel: async () => unwrap(await request<Envelope<SubscriptionChange>>('/payments/cancel', { method: 'POST' })),
  downgrade: async (planId: PlanId) =>
    unwrap(await request<Envelope<SubscriptionChange>>('/payments/downgrade', { method: 'POST', body: { planId } })),
};

export const webhooksApi = {
  list: async () => unwrap(await request<Envelope<WebhookEndpoint[]>>('/webhooks')),
  /** The answer's `secret` is shown only here and by rotateSecret. */
  create: async (body: CreateWebhookBody) =>
    unwrap(await request<Envelope<WebhookWithSecret>>('/webhooks', { method: 'POST', body })),
  update: async ({ id: endpointId, ...body }: { id: string } & UpdateWebhookBody) =>
    unwrap(await request<Envelope<WebhookEndpoint>>(`/webhooks/${id(endpointId)}`, { method: 'PATCH', body })),
  remove: (endpointId: string) => request<unknown>(`/webhooks/${id(endpointId)}`, { method: 'DELETE' }),
  rotateSecret: async (endpointId: string) =>
    unwrap(await request<Envelope<WebhookWithSecret>>(`/webhooks/${id(endpointId)}/rotate-secret`, { method: 'POST' })),
  test: async (endpointId: string) =>
    unwrap(await request<Envelope<WebhookDelivery>>(`/webhooks/${id(endpointId)}/test`, { method: 'POST' })),
  deliveries: async (endpointId: string) =>
    unwrap(await request<Envelope<WebhookDelivery[]>>(`/webhooks/${id(endpointId)}/deliveries`, { query: { limit: 20 } })),
};
