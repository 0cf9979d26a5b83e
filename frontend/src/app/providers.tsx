import 'dayjs/locale/fr';

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

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
        {/* Toasts: one at a time, 5 s (spec section 9). */}
        <App message={{ maxCount: 1, duration: 5 }} notification={{ maxCount: 1, duration: 5 }}>
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
