/**
 * Which lazily loaded modules each route of the router needs, as paths from `frontend/`. The router
 * imports them itself (router.tsx, screen-modules.ts); this table lets the build preload a route's code
 * together with the entry's instead of after it (vite.config.ts), and `npm run bench:web` measure it.
 * Plain data: vite.config.ts and the bench import it outside Vite.
 */

/** Route path → module name under `./screens/` (`<name>-screen.tsx`). */
export const screenModuleNames: Record<string, string> = {
  '/': 'dashboard',
  '/clients': 'clients',
  '/suppliers': 'suppliers',
  '/projects': 'projects',
  '/quotes': 'quotes',
  '/purchases': 'purchases',
  '/work-tracking': 'work-tracking',
  '/invoicing': 'invoicing',
  '/documents': 'documents',
  '/finances': 'finances',
};

const layout = 'src/app/app-layout.tsx';

/** Route path → the lazy modules its matched route objects load. */
export const routeModules: Record<string, readonly string[]> = {
  '/login': ['src/features/auth/components/login-page.tsx'],
  '/register': ['src/features/auth/components/register-page.tsx'],
  '/setup': ['src/app/setup-route.tsx'],
  ...Object.fromEntries(
    Object.entries(screenModuleNames).map(([path, name]) => [
      path,
      [layout, `src/app/screens/${name}-screen.tsx`],
    ]),
  ),
  '/admin': [layout, 'src/app/admin-route.tsx'],
};
