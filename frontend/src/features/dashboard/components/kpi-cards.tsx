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
import { useId, type ReactNode } from 'react';

import styles from './dashboard.module.css';

interface KpiCardProps {
  title: string;
  value: string | number;
  icon: ReactNode;
  note: string;
}

/**
 * One KPI card, drawn as antd's Card and Statistic were (title, icon and figure, then the secondary
 * line) in plain elements (issue 18); a group named after its title.
 */
function KpiCard({ title, value, icon, note }: KpiCardProps) {
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId} className={`${styles.card} ${styles.kpi}`}>
      <div id={titleId} className={styles.kpiTitle}>
        {title}
      </div>
      <div className={styles.kpiValue}>
        <span className={styles.kpiIcon}>{icon}</span>
        {value}
      </div>
      <span className={styles.kpiNote}>{note}</span>
    </div>
  );
}

/** "12.5" (a raw percentage of the stats, one decimal) → 125 tenths; `null` stays `null`. */
function tenthsOf(percent: string | null): number | null {
  if (percent === null) return null;
  const parsed = tryParseDecimal(percent, 1);
  return parsed.ok ? parsed.units : null;
}

/** « · dont 2 factures fournisseurs sans détail de TVA »: purchases counted at their TTC, said. */
function withoutVatDetail(count: number): string {
  if (count === 0) return '';
  return ` · dont ${count} facture${count > 1 ? 's' : ''} fournisseur${count > 1 ? 's' : ''} sans détail de TVA`;
}

/**
 * The four KPI cards of the dashboard. Their secondary lines are computed (DESIGN.md section 5):
 * total projects, revenue change vs last month, value of the pending quotes, and the change of the
 * margin of this quarter vs the previous one, in percentage points; every figure from the server. Revenue ("CA encaissé HT", net
 * of credit notes), the quotes' value and the margin (revenue HT against purchases HT, supplier
 * credit notes deducted) are HT.
 */
export function KpiCards({ stats }: { stats: DashboardStatsWithWidgets }) {
  const { projectCount } = stats.widgets;
  const quarterChange = formatPointsTenths(stats.widgets.quarterMarginChangeTenths);

  return (
    <div className={styles.kpiRow}>
      <KpiCard
        title="Projets Actifs"
        value={stats.activeProjects}
        icon={<FolderOpenOutlined />}
        note={`sur ${projectCount} projet${projectCount > 1 ? 's' : ''}`}
      />
      <KpiCard
        title="CA Mensuel HT"
        value={stats.monthlyRevenue}
        icon={<LineChartOutlined />}
        note={changeVsText(tenthsOf(stats.raw.monthlyRevenueChangePercent), 'mois dernier')}
      />
      <KpiCard
        title="Devis en Attente"
        value={stats.pendingQuotes}
        icon={<FileTextOutlined />}
        note={`${formatEuro(centsOf(stats.raw.pendingQuotesValue))} HT Valeur totale`}
      />
      <KpiCard
        title="Marge Bénéficiaire HT"
        value={stats.profitMargin}
        icon={<PercentageOutlined />}
        note={`${quarterChange} vs trimestre${withoutVatDetail(stats.raw.expensesWithoutVatDetail)}`}
      />
    </div>
  );
}
