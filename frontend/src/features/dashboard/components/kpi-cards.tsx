import type { DashboardStatsWithWidgets } from '@btp/shared/dashboard-widgets';
import { centsOf } from '@btp/shared/finance';
import { changeVsText, formatPointsTenths } from '@btp/shared/finance-views';
import { formatEuro, tryParseDecimal } from '@btp/shared/money';
import {
  FileTextOutlined,
  FolderOpenOutlined,
  LineChartOutlined,
  PercentageOutlined,
} from '@ant-design/icons';
import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';

import styles from './dashboard.module.css';

interface KpiCardProps {
  title: string;
  value: string | number;
  icon: ReactNode;
  note: string;
}

function KpiCard({ title, value, icon, note }: KpiCardProps) {
  return (
    <Card className={styles.widget} styles={{ body: { padding: 16 } }}>
      <Statistic title={title} value={value} prefix={icon} />
      <span className={styles.kpiNote}>{note}</span>
    </Card>
  );
}

/** "12.5" (a raw percentage of the stats, one decimal) → 125 tenths; `null` stays `null`. */
function tenthsOf(percent: string | null): number | null {
  if (percent === null) return null;
  const parsed = tryParseDecimal(percent, 1);
  return parsed.ok ? parsed.units : null;
}

/**
 * The four KPI cards of the dashboard. Their secondary lines are computed (DESIGN.md section 5):
 * total projects, revenue change vs last month, value of the pending quotes, and the change of the
 * margin of this quarter vs the previous one, in percentage points; every figure from the server. Revenue ("CA encaissé HT", net
 * of credit notes) and the quotes' value are HT.
 */
export function KpiCards({ stats }: { stats: DashboardStatsWithWidgets }) {
  const { projectCount } = stats.widgets;
  const quarterChange = formatPointsTenths(stats.widgets.quarterMarginChangeTenths);

  return (
    <Row gutter={[16, 16]} className={styles.row}>
      <Col xs={24} sm={12} xl={6}>
        <KpiCard
          title="Projets Actifs"
          value={stats.activeProjects}
          icon={<FolderOpenOutlined />}
          note={`sur ${projectCount} projet${projectCount > 1 ? 's' : ''}`}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <KpiCard
          title="CA Mensuel HT"
          value={stats.monthlyRevenue}
          icon={<LineChartOutlined />}
          note={changeVsText(tenthsOf(stats.raw.monthlyRevenueChangePercent), 'mois dernier')}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <KpiCard
          title="Devis en Attente"
          value={stats.pendingQuotes}
          icon={<FileTextOutlined />}
          note={`${formatEuro(centsOf(stats.raw.pendingQuotesValue))} HT Valeur totale`}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <KpiCard
          title="Marge Bénéficiaire"
          value={stats.profitMargin}
          icon={<PercentageOutlined />}
          note={`${quarterChange} vs trimestre`}
        />
      </Col>
    </Row>
  );
}
