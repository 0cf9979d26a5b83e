import type { FinancesSummary } from '@btp/shared/finances-summary';
import { centsOf } from '@btp/shared/finance';
import { formatEuro } from '@btp/shared/money';
import { Alert, Card } from 'antd';

import { invoiceCount } from './invoice-rules';
import cardStyles from '../../../components/record-cards.module.css';
import styles from './invoicing.module.css';

/** One card's figure: an amount (decimal string, as the API answers it) and how many invoices. */
interface CardFigure {
  amount: string;
  count: number;
}

/**
 * Spec section 2: 'Total en attente', 'Total encaissé', 'En retard', 'Brouillons', with their counts,
 * each saying whether it is HT or TTC (what is owed is TTC; revenue, credit notes deducted, is HT).
 * The server computes them from every invoice of the company (`GET /api/finances/summary`), whatever
 * the pages loaded or the search typed.
 */
export function InvoiceSummaryCards({
  summary,
  failed = false,
}: {
  summary: FinancesSummary | undefined;
  failed?: boolean;
}) {
  if (failed && summary === undefined) {
    return <Alert type="error" showIcon title="Erreur lors du chargement des totaux des factures" />;
  }
  const cards: { label: string; figure: CardFigure | undefined; color: string | undefined }[] = [
    { label: 'Total en attente (TTC)', figure: summary?.pending, color: undefined },
    {
      label: 'Total encaissé (HT)',
      figure: summary && { amount: summary.revenue, count: summary.cashedInvoices },
      color: '#237804',
    },
    { label: 'En retard (TTC)', figure: summary?.overdue, color: '#cf1322' },
    { label: 'Brouillons (HT)', figure: summary?.drafts, color: undefined },
  ];
  return (
    <ul className={styles.summary} style={{ listStyle: 'none', padding: 0 }}>
      {cards.map(({ label, figure, color }) => (
        <li key={label}>
          <Card size="small" style={{ height: '100%' }} styles={{ body: { padding: 16 } }}>
            <section aria-label={label}>
              <p className={styles.summaryLabel}>{label}</p>
              <p className={styles.summaryAmount} style={{ color }}>
                {figure === undefined ? 'Chargement...' : formatEuro(centsOf(figure.amount))}
              </p>
              {figure !== undefined && (
                <span className={cardStyles.secondary}>{invoiceCount(figure.count)}</span>
              )}
            </section>
          </Card>
        </li>
      ))}
    </ul>
  );
}
