import 'dayjs/locale/fr';

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
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
        {/* antd's App gives the confirmation dialogs their context; toasts are ours (spec section 9). */}
        <App>
          <ToastProvider>{children}</ToastProvider>
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
