import 'antd/dist/reset.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { setupStatusQueryOptions } from '../features/setup/api/get-setup-status';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
// Start the installation check at once, in parallel with the loading of the first screen's code.
void queryClient.prefetchQuery(setupStatusQueryOptions());

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
