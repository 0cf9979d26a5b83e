import 'antd/dist/reset.css';
// antd's CSS, extracted at build time (antd-static-css.ts): what the entry's screens render.
import 'virtual:antd-css/public.css';
import './base.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { meQueryOptions } from '../features/auth/api/get-me';
import { setupStatusQueryOptions } from '../features/setup/api/get-setup-status';
import { AppProviders } from './providers';
import { createAppQueryClient } from './query-client';
import { createAppRouter } from './router';

const queryClient = createAppQueryClient();
// Start the installation and session checks at once, in parallel with the loading of the first
// screen's code.
void queryClient.prefetchQuery(setupStatusQueryOptions());
void queryClient.prefetchQuery(meQueryOptions()).then(() => {
  // The dashboard's one call, as soon as the session is known: for a company's user opening /.
  const me = queryClient.getQueryData(meQueryOptions().queryKey);
  if (me?.company && window.location.pathname === '/') {
    void import('../api/dashboard/get-dashboard-stats').then(({ dashboardStatsQueryOptions }) =>
      queryClient.prefetchQuery(dashboardStatsQueryOptions()),
    );
  }
});

const router = createAppRouter();

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
