// Providers around the router: server-state cache, session, notices.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider } from './features/auth';
import { NoticeCenter } from './features/notices/notice-center';
import { routes } from './routes/routes';

const router = createBrowserRouter(routes);

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <NoticeCenter />
      </AuthProvider>
    </QueryClientProvider>
  );
}
