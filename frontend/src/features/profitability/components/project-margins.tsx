import { Alert, Card, Tag } from 'antd';
import { Link } from 'react-router';

import { useProjectMargins } from '../../../api/job-costing/profitability';
import { LoadingState } from '../../../components/query-list';
import { euros, marginTone, percentText } from './profitability-view';
import styles from './profitability.module.css';

/**
 * Finances › Projets: every chantier with its expected margin, worst first, each opening its
 * Rentabilité tab (`GET /api/finances/projects`, from the chantiers' aggregates).
 */
export function ProjectMargins() {
  const margins = useProjectMargins();
  let body;
  if (margins.isError) body = <Alert type="error" showIcon title="Erreur lors du chargement des marges" />;
  else if (margins.data === undefined) body = <LoadingState />;
  else if (margins.data.length === 0) body = <p className={styles.hint}>Aucun chantier.</p>;
  else
    body = (
      <ul className={styles.margins}>
        {margins.data.map((row) => (
          <li key={row.project.id} className={styles.margin} aria-label={`Marge de ${row.project.name}`}>
            <span>
              <Link to={`/projects/${row.project.id}`}>{row.project.name}</Link>
              {row.client && <span className={styles.note}>{row.client.name}</span>}
            </span>
            <span>
              <strong>{euros(row.margin)}</strong>{' '}
              <Tag color={marginTone(row)}>{percentText(row.marginPercent)}</Tag>
            </span>
            <span className={styles.marginFigures}>
              <span>Vente {euros(row.revenue)}</span>
              <span>Réel {euros(row.actual)}</span>
              <span>À terminaison {euros(row.forecast)}</span>
              <span>Facturé {euros(row.billed)}</span>
              <span>Avancement {row.project.progress} %</span>
              {row.alerts > 0 && (
                <Tag color="warning">
                  {row.alerts} alerte{row.alerts > 1 ? 's' : ''}
                </Tag>
              )}
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <Card title="Rentabilité des chantiers" role="region" aria-label="Rentabilité des chantiers">
      {body}
    </Card>
  );
}
