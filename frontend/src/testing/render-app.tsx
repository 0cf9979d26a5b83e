import { StyleProvider } from '@ant-design/cssinjs';
import { render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { AppProviders } from '../app/providers';
import { createAppQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import { TOAST_VIEWPORT_LABEL } from '../components/toast';

/**
 * antd writes its styles into the document; jsdom would parse every rule and read them all on each
 * computed style. Tests assert no style, so the rules go to an element outside the document.
 */
function DetachedStyles({ children }: { children: ReactNode }) {
  return <StyleProvider container={document.createElement('div')}>{children}</StyleProvider>;
}

/** The whole SPA at `path`, as main.tsx starts it, on a memory router. */
export function renderApp(path: string) {
  const queryClient = createAppQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <DetachedStyles>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </DetachedStyles>,
  );
  return { router, queryClient };
}

/** The toasts on screen. */
export function toasts() {
  return within(screen.getByRole('region', { name: TOAST_VIEWPORT_LABEL }));
}

/**
 * One component with the SPA's providers (queries, antd in French, toasts) and the dialogs' context
 * the signed-in layout gives (antd's <App>), without routes.
 */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createAppQueryClient();
  render(
    <DetachedStyles>
      <AppProviders queryClient={queryClient}>
        <App component={false}>{ui}</App>
      </AppProviders>
    </DetachedStyles>,
  );
  return { queryClient };
}
