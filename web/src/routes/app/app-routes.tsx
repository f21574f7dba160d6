// PLACEHOLDER signed-in routes (web part 1): every protected path exists so guards and redirects work.
// Web part 2 replaces the elements with the real screens.
import type { RouteObject } from 'react-router-dom';
import { DashboardPlaceholder } from './dashboard-placeholder';

export const protectedPaths = [
  ['/dashboard', 'Dashboard'],
  ['/email-accounts', 'Email Accounts'],
  ['/templates', 'Templates'],
  ['/send-email', 'Send Email'],
  ['/emails', 'Email Logs'],
  ['/analytics', 'Analytics'],
  ['/api-keys', 'API Keys'],
  ['/profile', 'Profile'],
] as const;

export const appRoutes: RouteObject[] = protectedPaths.map(([path, title]) => ({
  path,
  element: <DashboardPlaceholder title={title} />,
}));
