// The app: the browser router over the route table, inside the shared providers.
import { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './app-providers';
import { routes } from './routes/routes';

const router = createBrowserRouter(routes);

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return <AppProviders queryClient={queryClient} router={router} />;
}
