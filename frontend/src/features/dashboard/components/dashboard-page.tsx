import { useQueryClient } from '@tanstack/react-query';
import { Alert, Col, Row } from 'antd';
import { useEffect, type ReactNode } from 'react';

import { useDashboardStats } from '../../../api/dashboard/get-dashboard-stats';
import { listDocumentsQueryOptions } from '../../../api/documents/list-documents';
import { listInvoicesQueryOptions } from '../../../api/invoices/list-invoices';
import { listProjectsQueryOptions } from '../../../api/projects/list-projects';
import { listSupplierInvoicesQueryOptions } from '../../../api/supplier-invoices/list-supplier-invoices';
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
 * The widgets' lists, requested with the statistics instead of once they have arrived and the widgets
 * mount: one round trip less before the page is complete.
 */
function usePrefetchWidgetLists() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(listProjectsQueryOptions());
    void queryClient.prefetchQuery(listInvoicesQueryOptions());
    void queryClient.prefetchQuery(listSupplierInvoicesQueryOptions());
    void queryClient.prefetchQuery(listDocumentsQueryOptions());
  }, [queryClient]);
}

/**
 * Tableau de bord (spec section 2), in the spec's layout order: the statistics, a row of three
 * columns holding two widgets, a row of two widgets, then the quantity table.
 */
export function DashboardPage({ newProjectAction }: DashboardPageProps) {
  const stats = useDashboardStats();
  usePrefetchWidgetLists();

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
          <>
            <KpiCards stats={stats.data} />
            <Row gutter={[16, 16]} className={styles.row}>
              <Col xs={24} lg={16}>
                <RecentProjects />
              </Col>
              <Col xs={24} lg={8}>
                <QuickActions />
              </Col>
            </Row>
            <Row gutter={[16, 16]} className={styles.row}>
              <Col xs={24} lg={12}>
                <PendingInvoices />
              </Col>
              <Col xs={24} lg={12}>
                <RecentDocuments />
              </Col>
            </Row>
            <QuantityTable />
          </>
        )}
      </PageBody>
    </>
  );
}
