import { createElement, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import type { MainScreen, ScreenTitles } from './screens';

/**
 * Each signed-in screen is one lazily loaded module, `./screens/<name>-screen.tsx`, exporting
 * `Screen`, which receives the title and subtitle declared in screens.ts; the screen's feature code
 * lives in `features/<feature>/` and is imported from there.
 */
const modules = import.meta.glob<{ Screen: ComponentType<ScreenTitles> }>('./screens/*-screen.tsx');

export function screenLoader({ module, title, subtitle }: MainScreen): RouteObject['lazy'] {
  const load = modules[`./screens/${module}-screen.tsx`];
  if (!load) throw new Error(`No screen module ${module}`);
  return async () => {
    const { Screen } = await load();
    return { Component: () => createElement(Screen, { title, subtitle }) };
  };
}
