// Sender accounts, usage and pools for component tests of the issue-20 screens.
import type { EmailAccount, EmailLog, SenderPool, SenderUsage } from '../api';

const noOverrides = { perMinute: null, perDay: null, recipientsPerDay: null };
const active = { state: 'active', reason: null, detail: null, since: null, resumesAt: null } as const;
const reading = {
  enabled: true,
  state: 'reading',
  lastCheckedAt: '2025-01-05T08:00:00.000Z',
  error: null,
  imap: null,
} as const;

export function sampleAccount(overrides: Partial<EmailAccount> = {}): EmailAccount {
  return {
    _id: 'acc-1',
    id: 'acc-1',
    email: 'ada@gmail.com',
    displayName: 'Ada',
    provider: 'gmail',
    isDefault: true,
    smtpConfig: null,
    status: 'active',
    createdAt: '2025-01-01T00:00:00.000Z',
    limits: { perMinute: 60, perDay: 500, recipientsPerDay: null, concurrency: null },
    limitOverrides: noOverrides,
    health: active,
    feedback: reading,
    ...overrides,
  };
}

export const gmailAccount = sampleAccount();
export const pausedOutlook = sampleAccount({
  _id: 'acc-2',
  id: 'acc-2',
  email: 'sales@contoso.com',
  displayName: 'Sales',
  provider: 'outlook',
  isDefault: false,
  limits: { perMinute: 30, perDay: null, recipientsPerDay: 10_000, concurrency: 4 },
  health: {
    state: 'paused',
    reason: 'provider_rate_limited',
    detail: '429 Too Many Requests',
    since: '2025-01-05T08:00:00.000Z',
    resumesAt: '2025-01-05T08:10:00.000Z',
  },
});
export const revokedGmail = sampleAccount({
  _id: 'acc-3',
  id: 'acc-3',
  email: 'news@workspace.test',
  displayName: '',
  isDefault: false,
  status: 'needs_reconnect',
  health: { state: 'needs_reconnect', reason: 'grant_revoked', detail: null, since: null, resumesAt: null },
});
export const smtpAccount = sampleAccount({
  _id: 'acc-4',
  id: 'acc-4',
  email: 'billing@example.com',
  displayName: 'Billing',
  provider: 'smtp',
  isDefault: false,
  smtpConfig: { host: 'mail.example.com', port: 587, secure: false, username: 'billing' },
  limits: { perMinute: null, perDay: null, recipientsPerDay: null, concurrency: null },
});

export function sampleUsage(overrides: Partial<SenderUsage> = {}): SenderUsage {
  return {
    minute: { used: 52, limit: 60 },
    day: { used: 120, limit: 500, resetsAt: null },
    recipientsToday: 130,
    recipientsPerDay: null,
    held: 0,
    ...overrides,
  };
}

export function samplePool(overrides: Partial<SenderPool> = {}): SenderPool {
  return {
    _id: 'pool-1',
    id: 'pool-1',
    name: 'Newsletters',
    strategy: 'failover',
    accountIds: ['acc-1', 'acc-2'],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function sampleEmail(overrides: Partial<EmailLog> = {}): EmailLog {
  return {
    _id: 'e1',
    id: 'e1',
    from: 'ada@gmail.com',
    fromName: 'Ada',
    to: ['reader@example.test'],
    cc: [],
    bcc: [],
    subject: 'Weekly digest',
    body: 'Hello',
    status: 'queued',
    createdAt: '2025-01-05T08:00:00.000Z',
    sentAt: null,
    scheduledAt: null,
    timezone: 'UTC',
    analytics: { opened: false, openedAt: null, clicked: false, clickedAt: null, replied: false, repliedAt: null },
    error: null,
    messageId: 'm1',
    emailAccountId: 'acc-1',
    senderPoolId: null,
    templateId: null,
    hold: null,
    bounce: null,
    suppressed: [],
    repliedAt: null,
    reply: null,
    unsubscribe: false,
    text: null,
    replyTo: [],
    headers: {},
    tags: [],
    ...overrides,
  };
}
