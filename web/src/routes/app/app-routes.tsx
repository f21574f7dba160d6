// The signed-in screens of spec section 2, rendered inside the signed-in layout; titles are the side menu's names.
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page';
import { titled } from '../page-title';

export const appRoutes: RouteObject[] = [
  {
    path: '/dashboard',
    element: lazyPage(() => import('../../features/dashboard/dashboard-page'), 'DashboardPage'),
    handle: titled('Dashboard'),
  },
  {
    path: '/email-accounts',
    element: lazyPage(() => import('../../features/accounts/accounts-page'), 'AccountsPage'),
    handle: titled('Email Accounts'),
  },
  {
    path: '/sender-pools',
    element: lazyPage(() => import('../../features/sender-pools/sender-pools-page'), 'SenderPoolsPage'),
    handle: titled('Sender Pools'),
  },
  {
    path: '/templates',
    element: lazyPage(() => import('../../features/templates/templates-page'), 'TemplatesPage'),
    handle: titled('Templates'),
  },
  {
    path: '/send-email',
    element: lazyPage(() => import('../../features/send-email/send-email-page'), 'SendEmailPage'),
    handle: titled('Send Email'),
  },
  {
    path: '/emails',
    element: lazyPage(() => import('../../features/emails/emails-page'), 'EmailsPage'),
    handle: titled('Email Logs'),
  },
  {
    path: '/suppressions',
    element: lazyPage(() => import('../../features/suppressions/suppressions-page'), 'SuppressionsPage'),
    handle: titled('Suppressions'),
  },
  {
    path: '/analytics',
    element: lazyPage(() => import('../../features/analytics/analytics-page'), 'AnalyticsPage'),
    handle: titled('Analytics'),
  },
  {
    path: '/api-keys',
    element: lazyPage(() => import('../../features/api-keys/api-keys-page'), 'ApiKeysPage'),
    handle: titled('API Keys'),
  },
  {
    path: '/webhooks',
    element: lazyPage(() => import('../../features/webhooks/webhooks-page'), 'WebhooksPage'),
    handle: titled('Webhooks'),
  },
  {
    path: '/profile',
    element: lazyPage(() => import('../../features/profile/profile-page'), 'ProfilePage'),
    handle: titled('Profile'),
  },
];
