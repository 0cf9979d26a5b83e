import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * Each signed-in screen is one lazily loaded module, `./screens/<name>-screen.tsx`, exporting
 * `Screen`; the screen's feature code lives in `features/<feature>/` and is imported from there.
 */
const modules = import.meta.glob<{ Screen: ComponentType }>('./screens/*-screen.tsx');

/** Route path → module name under `./screens/`. */
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

export function screenLoader(path: string): RouteObject['lazy'] {
  const load = modules[`./screens/${screenModuleNames[path]}-screen.tsx`];
  if (!load) throw new Error(`No screen module for ${path}`);
  return async () => ({ Component: (await load()).Screen });
}
