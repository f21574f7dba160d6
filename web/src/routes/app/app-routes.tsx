// The signed-in screens of spec section 2, rendered inside the signed-in layout.
import type { RouteObject } from 'react-router-dom';
import { AccountsPage } from '../../features/accounts/accounts-page';
import { AnalyticsPage } from '../../features/analytics/analytics-page';
import { ApiKeysPage } from '../../features/api-keys/api-keys-page';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { EmailsPage } from '../../features/emails/emails-page';
import { ProfilePage } from '../../features/profile/profile-page';
import { SendEmailPage } from '../../features/send-email/send-email-page';
import { SenderPoolsPage } from '../../features/sender-pools/sender-pools-page';
import { SuppressionsPage } from '../../features/suppressions/suppressions-page';
import { TemplatesPage } from '../../features/templates/templates-page';
import { WebhooksPage } from '../../features/webhooks/webhooks-page';

export const appRoutes: RouteObject[] = [
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/email-accounts', element: <AccountsPage /> },
  { path: '/sender-pools', element: <SenderPoolsPage /> },
  { path: '/templates', element: <TemplatesPage /> },
  { path: '/send-email', element: <SendEmailPage /> },
  { path: '/emails', element: <EmailsPage /> },
  { path: '/suppressions', element: <SuppressionsPage /> },
  { path: '/analytics', element: <AnalyticsPage /> },
  { path: '/api-keys', element: <ApiKeysPage /> },
  { path: '/webhooks', element: <WebhooksPage /> },
  { path: '/profile', element: <ProfilePage /> },
];
