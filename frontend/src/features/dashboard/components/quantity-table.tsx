import type { DashboardWidgets } from '@btp/shared/dashboard-widgets';
import { centsOf } from '@btp/shared/finance';
import { formatEuro } from '@btp/shared/money';
import { progressColour } from '@btp/shared/progress-tone';
import { Progress } from 'antd';
import { lazy, Suspense } from 'react';

import { useIsDesktop } from '../../../lib/use-media-query';
import styles from './dashboard.module.css';
import { WidgetFrame } from './widget-frame';
import { EmptyText, WidgetState } from './widget-state';

export interface QuantityRow {
  id: string;
  name: string;
  progress: number;
  planned: string;
  realized: string;
  balance: string;
}

type ActiveProject = DashboardWidgets['activeProjects'][number];

/** Planned = estimated budget, realized = planned × progress / 100, balance = the rest (server figures, spec section 9). */
function rowOf(project: ActiveProject): QuantityRow {
  return {
    id: project.id,
    name: project.name,
    progress: project.progress,
    planned: formatEuro(centsOf(project.planned)),
    realized: formatEuro(centsOf(project.realized)),
    balance: formatEuro(centsOf(project.balance)),
  };
}

export function ProgressBar({ progress, name }: { progress: number; name: string }) {
  return (
    <Progress
      percent={progress}
      strokeColor={progressColour(progress)}
      size="small"
      aria-label={`Avancement ${name}`}
    />
  );
}

/** antd's Table is heavy (its filters, pagination and tree): only a desk loads it, once it shows it. */
const QuantityTableDesktop = lazy(async () => ({
  default: (await import('./quantity-table-desktop')).QuantityTableDesktop,
}));

/**
 * 'Suivi des Quantités - Projets Actifs': the 3 most recent projects in progress, a table on a desk,
 * a list of cards on a phone.
 */
export function QuantityTable({ projects }: { projects: DashboardWidgets['activeProjects'] | undefined }) {
  const desktop = useIsDesktop();
  const rows = (projects ?? []).map(rowOf);

  return (
    <WidgetFrame title="Suivi des Quantités - Projets Actifs" wrapTitle>
      <WidgetState data={projects}>
        {rows.length === 0 ? (
          <EmptyText>Aucun projet actif</EmptyText>
        ) : desktop ? (
          <Suspense fallback={<p className={styles.empty}>Chargement...</p>}>
            <QuantityTableDesktop rows={rows} />
          </Suspense>
        ) : (
          <ul className={styles.list}>
            {rows.map((row) => (
              <li key={row.id} className={styles.item} style={{ display: 'block' }}>
                <span className={styles.itemTitle}>{row.name}</span>
                <dl className={styles.quantityFacts}>
                  <dt>Prévu</dt>
                  <dd>{row.planned}</dd>
                  <dt>Réalisé</dt>
                  <dd>{row.realized}</dd>
                  <dt>Solde</dt>
                  <dd>{row.balance}</dd>
                  <dt>Avancement</dt>
                  <dd>
                    <ProgressBar progress={row.progress} name={row.name} />
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </WidgetState>
    </WidgetFrame>
  );
}
