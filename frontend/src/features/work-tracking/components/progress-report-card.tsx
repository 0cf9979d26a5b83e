import { centsOf } from '@btp/shared/finance';
import { labelOf, progressReportStatusLabels } from '@btp/shared/enums';
import { formatEuro } from '@btp/shared/money';
import { Button, Card, Progress, Tag } from 'antd';

import type { ProgressReportsListItem } from '../../../api/progress-reports/list-progress-reports';
import { formatDate } from '../../../lib/format';
import { reportActions } from './progress-report-rules';
import styles from '../../../components/record-cards.module.css';

const statusColors: Record<string, string> = { pending: 'gold', validated: 'blue', signed: 'green' };

interface ProgressReportCardProps {
  report: ProgressReportsListItem;
  validating: boolean;
  onEdit: () => void;
  onValidate: () => void;
  onSign: () => void;
}

function money(value: string | undefined): string {
  return value === undefined ? '—' : formatEuro(centsOf(value));
}

/** One progress report: what was done, what comes next, the amounts, and the actions its status allows. */
export function ProgressReportCard({
  report,
  validating,
  onEdit,
  onValidate,
  onSign,
}: ProgressReportCardProps) {
  const actions = reportActions(report.status);
  const client = report.project?.client?.name;
  return (
    <Card className={styles.card} size="small" styles={{ body: { padding: 16 } }}>
      <article aria-label={report.title}>
        <div className={styles.cardHead}>
          <h3 className={styles.cardTitle}>{report.title}</h3>
          <Tag color={statusColors[report.status]} style={{ marginInlineEnd: 0 }}>
            {labelOf(progressReportStatusLabels, report.status)}
          </Tag>
        </div>
        <span className={styles.secondary}>
          {report.project?.name ?? 'Projet supprimé'}
          {client !== undefined && ` · ${client}`}
        </span>
        <Progress
          percent={report.progressPercentage}
          aria-label={`Avancement ${report.progressPercentage} %`}
          style={{ margin: '8px 0 0' }}
        />
        {report.description !== undefined && <p className={styles.text}>{report.description}</p>}
        <dl className={styles.facts}>
          {report.workCompleted !== undefined && (
            <>
              <dt>Travaux réalisés</dt>
              <dd>{report.workCompleted}</dd>
            </>
          )}
          {report.nextSteps !== undefined && (
            <>
              <dt>Prochaines étapes</dt>
              <dd>{report.nextSteps}</dd>
            </>
          )}
          <dt>Total prévu</dt>
          <dd>{money(report.totalPlanned)}</dd>
          <dt>Total réalisé</dt>
          <dd>{money(report.totalRealized)}</dd>
          {report.validatedAt !== undefined && (
            <>
              <dt>Validé le</dt>
              <dd>{formatDate(report.validatedAt)}</dd>
            </>
          )}
          {report.signedAt !== undefined && (
            <>
              <dt>Signé le</dt>
              <dd>{formatDate(report.signedAt)}</dd>
            </>
          )}
          {report.signatureData !== undefined && (
            <>
              <dt>Signataire</dt>
              <dd>{report.signatureData}</dd>
            </>
          )}
        </dl>
        {(actions.edit || actions.validate || actions.sign) && (
          <div className={styles.actions}>
            {actions.edit && (
              <Button size="large" onClick={onEdit} aria-label={`Modifier ${report.title}`}>
                Modifier
              </Button>
            )}
            {actions.validate && (
              <Button
                size="large"
                type="primary"
                loading={validating}
                onClick={onValidate}
                aria-label={`Valider ${report.title}`}
              >
                Valider
              </Button>
            )}
            {actions.sign && (
              <Button size="large" type="primary" onClick={onSign} aria-label={`Signer ${report.title}`}>
                Signer
              </Button>
            )}
          </div>
        )}
      </article>
    </Card>
  );
}
