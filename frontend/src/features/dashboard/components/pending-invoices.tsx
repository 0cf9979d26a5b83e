import { dashboardInvoiceStatusLabels, labelOf } from '@btp/shared/enums';
import { isCreditNote, remainingToPayCents } from '@btp/shared/finance';
import { withEffectiveStatus } from '@btp/shared/invoice-status';
import { formatEuro, sumCents } from '@btp/shared/money';
import { Card, Tag } from 'antd';

import { useInvoicesList } from '../../../api/invoices/list-invoices';
import { formatDate } from '../../../lib/format';
import styles from './dashboard.module.css';
import { EmptyText, WidgetState } from './widget-state';

/** Spec section 9: the dashboard lists 3 pending invoices. */
export const PENDING_INVOICES = 3;

const statusColours: Record<string, string> = { overdue: 'red', sent: 'blue', paid: 'green' };

/**
 * 'Factures en Attente': the first 3 invoices whose status is not paid (spec section 2), nor
 * cancelled, credit notes left out, with the dashboard's status labels, what remains to pay on each
 * (TTC, less what was paid or credited) and the total of the listed amounts.
 */
export function PendingInvoices() {
  const invoices = useInvoicesList();
  // The server derives 'overdue'; derived again here for data kept across midnight.
  const shown = (invoices.data ?? [])
    .map((invoice) => withEffectiveStatus(invoice))
    .filter(
      (invoice) => invoice.status !== 'paid' && invoice.status !== 'cancelled' && !isCreditNote(invoice),
    )
    .slice(0, PENDING_INVOICES)
    .map((invoice) => ({ ...invoice, owedCents: remainingToPayCents(invoice) }));
  const totalCents = sumCents(shown.map((invoice) => invoice.owedCents));

  return (
    <Card
      title="Factures en Attente"
      className={styles.widget}
      role="region"
      aria-label="Factures en Attente"
    >
      <WidgetState query={invoices} errorText="Erreur lors du chargement des factures">
        {shown.length === 0 ? (
          <EmptyText>Aucune facture en attente</EmptyText>
        ) : (
          <>
            <ul className={styles.list}>
              {shown.map((invoice) => (
                <li key={invoice.id} className={styles.item}>
                  <div className={styles.itemText}>
                    <span className={styles.itemTitle}>{invoice.title}</span>
                    <span className={styles.itemSecondary}>
                      Échéance: {invoice.dueDate ? formatDate(invoice.dueDate) : 'Non définie'}
                    </span>
                  </div>
                  <div className={styles.itemSide}>
                    <span className={styles.itemTitle}>{formatEuro(invoice.owedCents)} TTC</span>
                    <Tag color={statusColours[invoice.status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
                      {labelOf(dashboardInvoiceStatusLabels, invoice.status)}
                    </Tag>
                  </div>
                </li>
              ))}
            </ul>
            <div className={styles.total}>{formatEuro(totalCents)} TTC total</div>
          </>
        )}
      </WidgetState>
    </Card>
  );
}
