import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import frFR from 'antd/locale/fr_FR';
import type { ReactNode } from 'react';

import { ToastProvider } from '../components/toast';
import { theme } from './theme';

/**
 * People who ask their system for less motion (vestibular disorders; WCAG 2.3.3) get none: antd's
 * zooms, slides and fades are switched off, things simply appear.
 */
const prefersReducedMotion =
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const motionTheme: ThemeConfig = prefersReducedMotion
  ? { ...theme, token: { ...theme.token, motion: false } }
  : theme;
/**
 * No CSS-in-JS at run time (`zeroRuntime`): the components' styles were extracted at build time with
 * this same theme (antd-static-css.ts) and arrive as CSS files; only the theme's CSS variables are
 * still written by antd at run time (they follow `motion`).
 */
const appTheme: ThemeConfig = { ...motionTheme, zeroRuntime: true };

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={frFR} theme={appTheme}>
        {/* Toasts are ours (spec section 9); antd's <App>, the dialogs' context, is in the signed-in layout. */}
        <ToastProvider>{children}</ToastProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
