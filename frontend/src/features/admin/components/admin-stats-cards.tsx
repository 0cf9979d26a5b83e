import { Alert, Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';

import { useAdminStats } from '../api/get-admin-stats';
import { activeCompaniesText, activeUsersText, activityRate, premiumCount } from './admin-figures';

interface FigureProps {
  title: string;
  value: string | number;
  note: ReactNode;
  loading: boolean;
}

function Figure({ title, value, note, loading }: FigureProps) {
  return (
    <Card loading={loading} style={{ height: '100%' }} styles={{ body: { padding: 16 } }}>
      <Statistic title={title} value={value} />
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {note}
      </Typography.Text>
    </Card>
  );
}

/** The system figures of the admin screen (spec section 9 for the rate and the premium count). */
export function AdminStatsCards() {
  const stats = useAdminStats();

  if (stats.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="Erreur lors du chargement des statistiques"
        style={{ marginBottom: 16 }}
      />
    );
  }

  const data = stats.data;
  const loading = data === undefined;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
      <Col xs={12} lg={6}>
        <Figure
          title="Utilisateurs"
          value={data?.totalUsers ?? 0}
          note={activeUsersText(data?.activeUsers ?? 0)}
          loading={loading}
        />
      </Col>
      <Col xs={12} lg={6}>
        <Figure
          title="Taux d'activité"
          value={`${data ? activityRate(data) : 0} %`}
          note="Utilisateurs actifs"
          loading={loading}
        />
      </Col>
      <Col xs={12} lg={6}>
        <Figure
          title="Entreprises"
          value={data?.totalCompanies ?? 0}
          note={activeCompaniesText(data?.activeCompanies ?? 0)}
          loading={loading}
        />
      </Col>
      <Col xs={12} lg={6}>
        <Figure
          title="Plans premium"
          value={data ? premiumCount(data) : 0}
          note="Premium et Entreprise"
          loading={loading}
        />
      </Col>
    </Row>
  );
}
