// Mounts the real route table in a memory router with the real providers, as main.tsx does.
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router-dom';
import { AppProviders } from '../app-providers';
import { preloadPages } from '../routes/lazy-page';
import { routes } from '../routes/routes';

// The pages are lazy chunks in the app; loaded up front here, a test's first render does not wait for them.
await preloadPages();

export function renderApp(path: string, options: { state?: unknown } = {}) {
  const router = createMemoryRouter(routes, {
    initialEntries: [
      { pathname: new URL(path, 'http://x').pathname, search: new URL(path, 'http://x').search, state: options.state },
    ],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <StrictMode>
      <AppProviders queryClient={queryClient} router={router} />
    </StrictMode>,
  );
  return { ...view, router };
}
