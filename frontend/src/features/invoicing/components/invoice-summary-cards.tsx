import { formatEuro } from '@btp/shared/money';
import { Card } from 'antd';

import { invoiceCount, type InvoiceSummary } from './invoice-rules';
import cardStyles from '../../../components/record-cards.module.css';
import styles from './invoicing.module.css';

/**
 * Spec section 2: 'Total en attente', 'Total encaissé', 'En retard', 'Brouillons', with their counts,
 * each saying whether it is HT or TTC (what is owed is TTC; revenue, credit notes deducted, is HT).
 */
export function InvoiceSummaryCards({ summary }: { summary: InvoiceSummary | undefined }) {
  const cards = [
    { label: 'Total en attente (TTC)', figure: summary?.pending, color: undefined },
    { label: 'Total encaissé (HT)', figure: summary?.paid, color: '#237804' },
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
                {figure === undefined ? 'Chargement...' : formatEuro(figure.cents)}
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
