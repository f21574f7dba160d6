// Response and request shapes of spec section 7. Shared ones come from @mailwright/contracts; the
// rest are declared here until their owning service publishes them in contracts.
import type {
  ApiKey,
  ChangePasswordBody,
  ChangePasswordResponse,
  PlanId,
  ProfileBody,
  SignupBody,
  User,
} from '@mailwright/contracts';

export type { ApiKey, ChangePasswordBody, PlanId, ProfileBody, SignupBody, User };

export interface LoginRequest {
  email: string;
  password: string;
  rememberMe?: boolean;
}

export interface LoginResult {
  token: string;
  user: User;
}

/** A fresh session token for this browser: the password change ended every other session. */
export type ChangePasswordResult = ChangePasswordResponse;

export interface Envelope<T> {
  data: T;
}

export type EmailProvider = 'smtp' | 'gmail' | 'outlook';

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  username: string;
}

export interface EmailAccount {
  _id: string;
  id?: string;
  email: string;
  displayName: string;
  provider: EmailProvider;
  isDefault: boolean;
  smtpConfig?: SmtpConfig | null;
  /** 'needs_reconnect' when the provider revoked the OAuth grant. */
  status?: 'active' | 'needs_reconnect';
  createdAt?: string;
}

export interface SmtpAccountBody {
  email: string;
  displayName: string;
  host: string;
  port: number;
  secure: boolean;
  username: string;
  /** Required when adding; on update an empty or missing password keeps the stored one. */
  password?: string;
}

export interface Template {
  _id: string;
  id?: string;
  name: string;
  subject: string;
  body: string;
  category: string;
  variables: string[];
  createdAt?: string;
  updatedAt?: string;
}

export interface TemplateBody {
  name: string;
  subject: string;
  body: string;
  category?: string;
}

export type EmailStatus = 'sent' | 'failed' | 'scheduled' | (string & {});

export interface EmailAnalytics {
  opened: boolean;
  openedAt: string | null;
  clicked: boolean;
  clickedAt: string | null;
}

export interface EmailLog {
  _id: string;
  id?: string;
  from: string;
  fromName?: string | null;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  status: EmailStatus;
  createdAt: string;
  sentAt: string | null;
  scheduledAt: string | null;
  timezone: string | null;
  analytics: EmailAnalytics;
  error: string | null;
}

export interface SendEmailBody {
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject?: string;
  body?: string;
  templateId?: string;
  emailAccountId?: string;
  /** ISO 8601 instant. */
  scheduledAt?: string;
  timezone?: string;
  variables?: Record<string, string>;
}

export interface EmailListQuery {
  page?: number;
  limit?: number;
  status?: string;
  search?: string;
}

/** GET /emails: the list in `data`, plus whatever paging details the server adds. */
export interface EmailListResponse {
  data: EmailLog[];
  pagination?: { page: number; limit: number; total: number; pages?: number };
}

export interface EmailStats {
  total: number;
  sent: number;
  failed: number;
  scheduled: number;
  opened: number;
  clicked: number;
  openRate: number;
  clickRate: number;
  /** Per day (UTC), oldest first. */
  series?: EmailStatsPoint[];
}

export interface EmailStatsPoint {
  date: string;
  sent: number;
  opened: number;
  clicked: number;
}

export interface PlanFeature {
  text: string;
  included: boolean;
}

export interface Plan {
  id: PlanId;
  name: string;
  /** Minor units (paise). */
  price: number;
  features: PlanFeature[];
}

export interface PaymentOrder {
  orderId: string;
  amount: number;
  currency: string;
  keyId: string;
  /** Where the browser loads the checkout script from. */
  checkoutUrl?: string;
}

export interface VerifyPaymentBody {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
  plan: PlanId;
}

export interface DowngradeResult {
  subscription: User['subscription'];
  emailQuota: User['emailQuota'];
}

/** POST /email-accounts/connect-ticket: where the browser goes to start an OAuth connect. */
export interface ConnectTicket {
  url: string;
  expiresAt?: string;
}

/** POST /templates/:id/preview */
export interface TemplatePreview {
  subject: string;
  body: string;
  isHtml: boolean;
  missing: string[];
}

/** Answer of verify, downgrade and cancel (emailQuota carries the new limit only). */
export interface SubscriptionChange {
  subscription: User['subscription'];
  emailQuota: { limit: number; used?: number };
}
