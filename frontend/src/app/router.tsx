import { createBrowserRouter, type RouteObject } from 'react-router';

import { RouteErrorPage } from '../components/route-error-page';
import { InstallCheckMessage } from '../features/setup/components/install-check-message';
import { InstallGate } from '../features/setup/components/install-gate';
import { RequireAuth } from './require-auth';
import { screenLoader } from './screen-modules';
import { clientScreen, mainScreens, projectScreen, settingsScreen } from './screens';
import { SetupGate } from './setup-gate';

/**
 * The route tree, shared by the browser router and the tests' memory routers. Every screen is its
 * own lazily loaded module, so /login loads neither the layout nor the admin screen.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    // Shown while the first screen's code loads; the installation check runs meanwhile.
    HydrateFallback: InstallCheckMessage,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        element: <SetupGate />,
        children: [
          {
            path: '/setup',
            lazy: async () => {
              const { SetupRoute } = await import('./setup-route');
              return { Component: SetupRoute };
            },
          },
        ],
      },
      {
        element: <InstallGate requires="installed" />,
        children: [
          {
            path: '/login',
            lazy: async () => {
              const { LoginPage } = await import('../features/auth/components/login-page');
              return { Component: LoginPage };
            },
          },
          {
            path: '/register',
            lazy: async () => {
              const { RegisterPage } = await import('../features/auth/components/register-page');
              return { Component: RegisterPage };
            },
          },
          {
            element: <RequireAuth />,
            children: [
              {
                lazy: async () => {
                  const { AppLayout } = await import('./app-layout');
                  return { Component: AppLayout };
                },
                children: [
                  {
                    // A super administrator has no company: these screens send them to /admin.
                    lazy: async () => {
                      const { RequireCompany } = await import('./require-company');
                      return { Component: RequireCompany };
                    },
                    children: [
                      ...mainScreens.map((screen) => ({ path: screen.path, lazy: screenLoader(screen) })),
                      { path: settingsScreen.path, lazy: screenLoader(settingsScreen) },
                      { path: clientScreen.path, lazy: screenLoader(clientScreen) },
                      { path: projectScreen.path, lazy: screenLoader(projectScreen) },
                    ],
                  },
                  {
                    path: '/admin',
                    lazy: async () => {
                      const { AdminRoute } = await import('./admin-route');
                      return { Component: AdminRoute };
                    },
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        // The client's online "Bon pour accord": public, no session, no installation check.
        path: '/devis/:token',
        lazy: async () => {
          const { PublicQuotePage } = await import('../features/public-quote/components/public-quote-page');
          return { Component: PublicQuotePage };
        },
      },
      {
        path: '*',
        lazy: async () => {
          const { NotFoundPage } = await import('../components/not-found-page');
          return { Component: NotFoundPage };
        },
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
