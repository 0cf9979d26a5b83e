import 'antd/dist/reset.css';
// antd's CSS, extracted at build time (antd-static-css.ts): what the entry's screens render.
import 'virtual:antd-css/public.css';
import './base.css';

import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { meQueryOptions } from '../features/auth/api/get-me';
import { setupStatusQueryOptions } from '../features/setup/api/get-setup-status';
import { keepTypedValues } from '../lib/typed-before-hydration';
import { AppProviders } from './providers';
import { createAppQueryClient } from './query-client';
import { createAppRouter, routes } from './router';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
// A page pre-rendered at build time for this path (prerender-plugin.ts): hydrated, not redrawn.
const prerendered = container.dataset.prerendered === window.location.pathname;

const queryClient = createAppQueryClient();
if (prerendered) {
  // The pre-rendered markup assumed an installed product: the same answer, marked stale, so that
  // the first render matches it while the real check below runs (a product not installed then goes
  // to /setup, as it would have from a blank page).
  queryClient.setQueryData(setupStatusQueryOptions().queryKey, { installed: true }, { updatedAt: 0 });
}
// Start the installation and session checks at once, in parallel with the loading of the first
// screen's code.
void queryClient.fetchQuery({ ...setupStatusQueryOptions(), staleTime: 0 }).catch(() => undefined);
void queryClient.prefetchQuery(meQueryOptions()).then(() => {
  // The dashboard's one call, as soon as the session is known: for a company's user opening /.
  const me = queryClient.getQueryData(meQueryOptions().queryKey);
  if (me?.company && window.location.pathname === '/') {
    void import('../api/dashboard/get-dashboard-stats').then(({ dashboardStatsQueryOptions }) =>
      queryClient.prefetchQuery(dashboardStatsQueryOptions()),
    );
  }
});

/** Loads the lazy route modules of the current path, so that the router's first render is the page. */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
}

async function start(): Promise<void> {
  if (prerendered) await loadMatchedRoutes();
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>
  );
  if (prerendered && container) {
    keepTypedValues(container);
    hydrateRoot(container, app);
  } else if (container) {
    // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
    // browser between them, instead of one long task (issue 18, Total Blocking Time).
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}

void start();
