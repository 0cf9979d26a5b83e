import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { screenModuleNames } from './route-modules';

/**
 * Each signed-in screen is one lazily loaded module, `./screens/<name>-screen.tsx`, exporting
 * `Screen`; the screen's feature code lives in `features/<feature>/` and is imported from there.
 */
const modules = import.meta.glob<{ Screen: ComponentType }>('./screens/*-screen.tsx');

export function screenLoader(path: string): RouteObject['lazy'] {
  const load = modules[`./screens/${screenModuleNames[path]}-screen.tsx`];
  if (!load) throw new Error(`No screen module for ${path}`);
  return async () => ({ Component: (await load()).Screen });
}
