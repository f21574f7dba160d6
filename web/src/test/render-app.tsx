// Mounts the real route table in a memory router with the real providers, as main.tsx does.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../features/auth';
import { NoticeCenter } from '../features/notices/notice-center';
import { routes } from '../routes/routes';

export function renderApp(path: string, options: { state?: unknown } = {}) {
  const router = createMemoryRouter(routes, {
    initialEntries: [
      { pathname: new URL(path, 'http://x').pathname, search: new URL(path, 'http://x').search, state: options.state },
    ],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
          <NoticeCenter />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { ...view, router };
}
