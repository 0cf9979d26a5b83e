/**
 * Which lazily loaded modules each route of the router needs, as paths from `frontend/`. The router
 * imports them itself (router.tsx, screen-modules.ts); this table lets the build preload a route's code
 * together with the entry's instead of after it (vite.config.ts), and `npm run bench:web` measure it.
 * Plain data: vite.config.ts and the bench import it outside Vite.
 */
import { clientScreen, mainScreens, projectScreen, settingsScreen } from './screens.js';

const layout = 'src/app/app-layout.tsx';

/** Route path → the lazy modules its matched route objects load. */
export const routeModules: Record<string, readonly string[]> = {
  '/login': ['src/features/auth/components/login-page.tsx'],
  '/register': ['src/features/auth/components/register-page.tsx'],
  '/setup': ['src/app/setup-route.tsx'],
  ...Object.fromEntries(
    mainScreens.map(({ path, module }) => [path, [layout, `src/app/screens/${module}-screen.tsx`]]),
  ),
  [settingsScreen.path]: [layout, `src/app/screens/${settingsScreen.module}-screen.tsx`],
  [clientScreen.path]: [layout, `src/app/screens/${clientScreen.module}-screen.tsx`],
  [projectScreen.path]: [layout, `src/app/screens/${projectScreen.module}-screen.tsx`],
  '/admin': [layout, 'src/app/admin-route.tsx'],
};
