import 'antd/dist/reset.css';
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
void queryClient.prefetchQuery(meQueryOptions());

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
