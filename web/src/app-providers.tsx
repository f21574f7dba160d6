// The providers around the router (server-state cache, session, notices): the app and the component
// tests mount the same ones.
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from './features/auth';
import { NoticeCenter } from './features/notices/notice-center';

interface AppProvidersProps {
  queryClient: QueryClient;
  router: ComponentProps<typeof RouterProvider>['router'];
}

export function AppProviders({ queryClient, router }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <NoticeCenter />
      </AuthProvider>
    </QueryClientProvider>
  );
}
