import type { Profitability } from '@btp/shared/entities/profitability';
import { formatEuro } from '@btp/shared/money';
import { Alert, Button, Card, Col, Row, Statistic, Tag } from 'antd';
import { useState } from 'react';

import { useProfitability, useSetCostEstimate } from '../../../api/job-costing/profitability';
import { useActionToasts } from '../../../components/action-toasts';
import { DecimalInput } from '../../../components/decimal-input';
import { LoadingState } from '../../../components/query-list';
import { useIsDesktop } from '../../../lib/use-media-query';
import { CostSheetButtons } from './cost-sheet-buttons';
import {
  euros,
  hoursLabel,
  marginTone,
  percentText,
  resourceRows,
  type ResourceRow,
} from './profitability-view';
import styles from './profitability.module.css';

function Figure({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <Card className={styles.figure} styles={{ body: { padding: 16 } }} role="group" aria-label={title}>
      <Statistic title={title} value={value} />
      {note && <span className={styles.note}>{note}</span>}
    </Card>
  );
}

function ResourceTable({ rows, figures }: { rows: ResourceRow[]; figures: Profitability }) {
  const desktop = useIsDesktop();
  if (rows.length === 0) {
    return (
      <p className={styles.hint}>
        Aucun coût ni budget : signez un devis, pointez des heures ou saisissez des achats.
      </p>
    );
  }
  const gap = (row: ResourceRow) => (
    <span className={row.gapCents > 0 ? styles.over : undefined}>
      {row.gapCents > 0 ? '+' : ''}
      {formatEuro(row.gapCents)}
    </span>
  );
  if (!desktop) {
    return (
      <ul className={styles.typeCards} aria-label="Coûts par type de ressource">
        {rows.map((row) => (
          <li key={row.type} className={styles.typeCard}>
            <strong>{row.label}</strong>
            <dl className={styles.facts}>
              <dt>Budget</dt>
              <dd>{euros(row.budget)}</dd>
              <dt>Engagé</dt>
              <dd>{euros(row.committed)}</dd>
              <dt>Réel</dt>
              <dd>{euros(row.actual)}</dd>
              <dt>Écart</dt>
              <dd>{gap(row)}</dd>
              <dt>À terminaison</dt>
              <dd>{euros(row.forecast)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <table className={styles.table}>
      <caption className={styles.visuallyHidden}>Coûts par type de ressource</caption>
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col">Budget</th>
          <th scope="col">Engagé</th>
          <th scope="col">Réel</th>
          <th scope="col">Écart</th>
          <th scope="col">À terminaison</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.type}>
            <th scope="row">{row.label}</th>
            <td>{euros(row.budget)}</td>
            <td>{euros(row.committed)}</td>
            <td>{euros(row.actual)}</td>
            <td>{gap(row)}</td>
            <td>{euros(row.forecast)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td>{euros(figures.budget.total)}</td>
          <td>{euros(figures.committed.total)}</td>
          <td>{euros(figures.actual.total)}</td>
          <td />
          <td>{euros(figures.forecast.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function EstimateForm({ projectId, figures }: { projectId: string; figures: Profitability }) {
  const [value, setValue] = useState<string | null>(figures.costEstimate ?? null);
  const save = useSetCostEstimate(projectId);
  const notify = useActionToasts();
  const send = (costEstimate: string | null) =>
    notify(() => save.mutateAsync({ costEstimate }), {
      success: costEstimate === null ? 'Estimation retirée' : 'Estimation enregistrée',
      failure: "Erreur lors de l'enregistrement de l'estimation",
    }).catch(() => undefined);
  return (
    <Card title="Prévision à terminaison" className={styles.card}>
      <p className={styles.hint}>
        {figures.forecast.method === 'estimate'
          ? `Votre estimation remplace le calcul (réel + reste du budget selon l'avancement : ${euros(figures.forecast.progressTotal)}).`
          : `Réel + reste du budget selon l'avancement (${figures.project.progress} %). Vous pouvez donner votre propre estimation.`}
      </p>
      <div className={styles.estimate}>
        <label className={styles.field}>
          <span>Coût à terminaison estimé (€ HT)</span>
          <DecimalInput
            size="large"
            min="0"
            value={value}
            onChange={(next) => setValue(next)}
            aria-label="Coût à terminaison estimé (€ HT)"
          />
        </label>
        <Button
          type="primary"
          size="large"
          loading={save.isPending}
          disabled={!value}
          onClick={() => void send(value)}
        >
          Enregistrer
        </Button>
        {figures.costEstimate !== undefined && (
          <Button
            size="large"
            onClick={() => {
              setValue(null);
              void send(null);
            }}
          >
            Revenir au calcul
          </Button>
        )}
      </div>
    </Card>
  );
}

/**
 * The Rentabilité tab of a chantier (docs/profitability.md): alerts, revenue and margin, the costs
 * per resource type (budget from the signed devis, committed, actual, forecast), the hours, the
 * manager's estimate and the cost sheet's exports. Every figure is the server's.
 */
export function ProfitabilityPanel({ projectId }: { projectId: string }) {
  const profitability = useProfitability(projectId);
  if (profitability.isError) {
    return <Alert type="error" showIcon title="Erreur lors du chargement de la rentabilité" />;
  }
  if (profitability.data === undefined) return <LoadingState />;
  const figures = profitability.data;
  const tone = marginTone(figures);
  return (
    <div className={styles.panel}>
      {figures.alerts.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`Dépassement${figures.alerts.length > 1 ? 's' : ''} (seuil : ${percentText(figures.alertThreshold)})`}
          description={
            <ul className={styles.alerts}>
              {figures.alerts.map((alert) => (
                <li key={`${alert.kind}-${alert.resourceType ?? ''}`}>{alert.message}</li>
              ))}
            </ul>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <Figure
            title="Prix de vente HT"
            value={euros(figures.revenue)}
            note={
              figures.quotes.length > 0
                ? `Devis signés : ${figures.quotes.map((quote) => quote.number).join(', ')}`
                : 'Aucun devis signé'
            }
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Figure
            title="Facturé HT"
            value={euros(figures.billed.total)}
            note={`Avancement : ${figures.project.progress} %`}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Figure
            title="Coûts réels HT"
            value={euros(figures.actual.total)}
            note={`Budget : ${euros(figures.budget.total)}`}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Card
            className={styles.figure}
            styles={{ body: { padding: 16 } }}
            role="group"
            aria-label="Marge prévue"
          >
            <Statistic title="Marge prévue" value={euros(figures.margin)} />
            <Tag color={tone}>{percentText(figures.marginPercent)}</Tag>
            <span className={styles.note}>À date : {euros(figures.marginToDate)}</span>
          </Card>
        </Col>
      </Row>
      <Card title="Coûts par type de ressource" className={styles.card}>
        <ResourceTable rows={resourceRows(figures)} figures={figures} />
        <p className={styles.hours}>
          Heures : {hoursLabel(figures.actual.hours)} pointées ({euros(figures.actual.laborCost)}) pour{' '}
          {hoursLabel(figures.budget.hours)} prévues ; à terminaison {hoursLabel(figures.forecast.hours)}.
        </p>
      </Card>
      <EstimateForm key={figures.costEstimate ?? 'none'} projectId={projectId} figures={figures} />
      <CostSheetButtons projectId={projectId} />
    </div>
  );
}
