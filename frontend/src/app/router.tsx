import { createBrowserRouter, type RouteObject } from 'react-router';

import { RouteErrorPage } from '../components/route-error-page';
import { InstallCheckMessage } from '../features/setup/components/install-check-message';
import { InstallGate } from '../features/setup/components/install-gate';

/**
 * The screens of spec section 2 reachable once the product is installed, with their titles.
 * Each still loads the shared placeholder until its own issue gives it a module.
 */
const installedScreens = [
  { path: '/login', title: 'Connexion' },
  { path: '/register', title: 'Inscription' },
  { path: '/', title: 'Tableau de Bord' },
  { path: '/clients', title: 'Clients' },
  { path: '/suppliers', title: 'Fournisseurs' },
  { path: '/projects', title: 'Projets' },
  { path: '/quotes', title: 'Devis' },
  { path: '/purchases', title: 'Achats' },
  { path: '/work-tracking', title: 'Suivi Travaux' },
  { path: '/invoicing', title: 'Facturation' },
  { path: '/documents', title: 'Documents' },
  { path: '/finances', title: 'Finances' },
  { path: '/admin', title: 'Système Admin' },
] as const;

function pendingScreen(title: string): RouteObject['lazy'] {
  return async () => {
    const { PendingScreen } = await import('../components/pending-screen');
    return { element: <PendingScreen title={title} /> };
  };
}

/** The route tree, shared by the browser router and the tests' memory routers. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    // Shown while the first screen's code loads; the installation check runs meanwhile.
    HydrateFallback: InstallCheckMessage,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        element: <InstallGate requires="not-installed" />,
        children: [
          {
            path: '/setup',
            lazy: async () => {
              const { SetupPage } = await import('../features/setup/components/setup-page');
              return { Component: SetupPage };
            },
          },
        ],
      },
      {
        element: <InstallGate requires="installed" />,
        children: installedScreens.map(({ path, title }) => ({ path, lazy: pendingScreen(title) })),
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
