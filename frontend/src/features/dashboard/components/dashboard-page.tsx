import { Alert, ConfigProvider } from 'antd';
import { useContext, useDeferredValue, type ReactNode } from 'react';

import { useDashboardStats } from '../../../api/dashboard/get-dashboard-stats';
import { PageBody, PageHeader } from '../../../components/page-header';
import styles from './dashboard.module.css';
import { KpiCards } from './kpi-cards';
import { PendingInvoices } from './pending-invoices';
import { QuantityTable } from './quantity-table';
import { QuickActions } from './quick-actions';
import { RecentDocuments } from './recent-documents';
import { RecentProjects } from './recent-projects';

interface DashboardPageProps {
  /** The header's 'Nouveau Projet' button: the app layer gives the projects feature's creation dialog. */
  newProjectAction?: ReactNode;
}

/**
 * Tableau de bord (spec section 2), in the spec's layout order: the statistics, a row of three
 * columns holding two widgets, a row of two widgets, then the quantity table. One call answers the
 * whole page (`GET /api/dashboard/stats` and its `widgets`, started with the session check in
 * main.tsx): the header and the KPI cards render first, the widgets after them in a transition
 * (`useDeferredValue`), so that the figures paint without waiting for the lists and their antd parts.
 */
export function DashboardPage({ newProjectAction }: DashboardPageProps) {
  const stats = useDashboardStats();
  const widgets = useDeferredValue(stats.data?.widgets, undefined);
  // The class that scopes the theme's CSS variables (its `cssVar.key`, src/app/theme.ts), which
  // antd's Card carried: the plain cards' styles and antd's rules for plain elements (links) read them.
  const themeScope = useContext(ConfigProvider.ConfigContext).theme?.cssVar?.key;

  return (
    <>
      <PageHeader
        title="Tableau de Bord"
        subtitle="Vue d'ensemble de votre activité"
        action={newProjectAction}
      />
      <PageBody>
        {stats.isError ? (
          <Alert type="error" showIcon title="Erreur lors du chargement des statistiques" />
        ) : stats.data === undefined ? (
          <p>Chargement...</p>
        ) : (
          <div className={themeScope}>
            <KpiCards stats={stats.data} />
            <div className={`${styles.row} ${styles.rowWide}`}>
              <RecentProjects projects={widgets?.recentProjects} />
              <QuickActions />
            </div>
            <div className={styles.row}>
              <PendingInvoices pending={widgets?.pendingInvoices} />
              <RecentDocuments documents={widgets?.recentDocuments} />
            </div>
            <QuantityTable projects={widgets?.activeProjects} />
          </div>
        )}
      </PageBody>
    </>
  );
}
