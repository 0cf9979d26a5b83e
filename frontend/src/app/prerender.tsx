/**
 * Build-time pre-rendering (issue 18), run in Node by the build (prerender-plugin.ts), never in the
 * browser: the HTML of a screen seen before signing in, so that it paints before any script has
 * loaded; main.tsx then hydrates it. It renders the app's own route tree and providers with what a
 * first visit knows and nothing more: the product installed, nobody signed in, no query answered.
 * So the HTML holds no user's or company's data (a test checks it).
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';

import { setupStatusQueryOptions } from '../features/setup/api/get-setup-status';
import { AppProviders } from './providers';
import { createAppQueryClient } from './query-client';
import { routes } from './router';

/** The paths pre-rendered at build time, each to `<path>.html` (see shared/src/spa-rewrite.ts). */
export const prerenderedPaths = ['/login'] as const;

/** The markup of `#root` for `path`, as the browser's first render of that path draws it. */
export async function prerenderPath(path: string): Promise<string> {
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(setupStatusQueryOptions().queryKey, { installed: true });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
