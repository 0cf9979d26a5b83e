import 'dayjs/locale/fr';

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

import { ToastProvider } from '../components/toast';

dayjs.locale('fr');

const theme: ThemeConfig = {
  // Large controls are the ones used on touch screens: at least 44 px high (DESIGN.md section 5).
  token: { controlHeightLG: 44 },
};

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={frFR} theme={theme}>
        {/* Toasts are ours (spec section 9); antd's <App>, the dialogs' context, is in the signed-in layout. */}
        <ToastProvider>{children}</ToastProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
