import { resourceTypeLabels, resourceTypes, type ResourceType } from '@btp/shared/enums';
import { quoteAnalysis, type AnalysedLine, type QuoteAnalysis } from '@btp/shared/library-costs';
import { formatEuro, formatQuantity } from '@btp/shared/money';

import { decimalForInput } from '../../../lib/format';
import type { LiveTotals, RowDraft } from './quote-lines';
import { isHeading } from './quote-rows';
import styles from './quote-editor.module.css';

const ratio = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });

/** The analysis of what is typed: the lines that can be read, by the shared rule (`quoteAnalysis`). */
export function liveAnalysis(rows: readonly RowDraft[], totals: LiveTotals): QuoteAnalysis | undefined {
  const lines: AnalysedLine[] = [];
  rows.forEach((row, index) => {
    if (isHeading(row) || totals.lines[index] === null || totals.lines[index] === undefined) return;
    lines.push({
      resourceType: row.resourceType ?? 'other',
      unit: row.unit,
      quantity: row.quantity,
      unitPrice: row.unitPrice,
      components: row.components?.map((component) => ({
        resourceType: component.ouvrageId ? undefined : component.resourceType,
        unit: component.unit,
        quantity: component.quantity,
        lossRate: component.lossRate.trim() === '' ? undefined : component.lossRate,
        unitCost: component.unitCost,
      })),
    });
  });
  try {
    return quoteAnalysis(lines);
  } catch {
    // A component that cannot be read yet: no analysis until it can.
    return undefined;
  }
}

const typeLabel = (type: ResourceType | 'ouvrage') =>
  type === 'ouvrage' ? 'Sous-ouvrages' : resourceTypeLabels[type];

/**
 * « Analyse du devis » (LIBRARY.md): what a company reads before sending a price — the déboursé sec
 * per resource type (matériaux, main-d'œuvre, matériel, sous-traitance…), the hours of labour, the
 * coefficient K (selling price ÷ déboursé) and the margin, following what is typed.
 */
export function QuoteAnalysisPanel({ rows, totals }: { rows: readonly RowDraft[]; totals: LiveTotals }) {
  const analysis = liveAnalysis(rows, totals);
  const subtotal = totals.subtotalCents;
  const types = [...resourceTypes, 'ouvrage' as const].filter(
    (type) => (analysis?.byResourceType[type] ?? 0) !== 0,
  );
  return (
    <details className={styles.analysis}>
      <summary className={styles.analysisTitle}>Analyse du devis</summary>
      {analysis === undefined || subtotal === 0 ? (
        <p className={styles.analysisEmpty}>L'analyse apparaît dès qu'une ligne est chiffrée.</p>
      ) : (
        <div className={styles.analysisBody}>
          <dl className={styles.analysisList} aria-label="Déboursé par type de ressource">
            {types.map((type) => {
              const cents = analysis.byResourceType[type] ?? 0;
              return (
                <div key={type}>
                  <dt>{typeLabel(type)}</dt>
                  <dd>
                    {formatEuro(cents)}{' '}
                    <span className={styles.share}>({percent.format(cents / subtotal)})</span>
                  </dd>
                </div>
              );
            })}
            <div className={styles.analysisTotal}>
              <dt>Déboursé sec</dt>
              <dd>{formatEuro(subtotal)}</dd>
            </div>
          </dl>
          <dl className={styles.analysisList} aria-label="Indicateurs du devis">
            <div>
              <dt>Heures de main-d'œuvre</dt>
              <dd>{decimalForInput(formatQuantity(analysis.laborHoursThousandths))} h</dd>
            </div>
            <div>
              <dt>Coefficient K (vente HT ÷ déboursé)</dt>
              <dd>{ratio.format(totals.totalCents / subtotal)}</dd>
            </div>
            <div>
              <dt>Marge</dt>
              <dd>
                {formatEuro(totals.marginCents)}{' '}
                {totals.totalCents > 0 && (
                  <span className={styles.share}>
                    ({percent.format(totals.marginCents / totals.totalCents)} du HT)
                  </span>
                )}
              </dd>
            </div>
            <div>
              <dt>Frais généraux</dt>
              <dd>{formatEuro(totals.overheadCents)}</dd>
            </div>
          </dl>
        </div>
      )}
    </details>
  );
}
