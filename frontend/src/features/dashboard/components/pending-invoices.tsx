import { dashboardInvoiceStatusLabels, labelOf } from '@btp/shared/enums';
import { pendingInvoices, receivables, retentionsSummary } from '@btp/shared/finance';
import { calendarDateInFrance, withEffectiveStatus } from '@btp/shared/invoice-status';
import { formatEuro } from '@btp/shared/money';
import { Card, Tag } from 'antd';
import { Link } from 'react-router';

import { useInvoicesList } from '../../../api/invoices/list-invoices';
import { formatDate } from '../../../lib/format';
import styles from './dashboard.module.css';
import { EmptyText, WidgetState } from './widget-state';

/** Spec section 9: the dashboard lists 3 pending invoices. */
export const PENDING_INVOICES = 3;

const statusColours: Record<string, string> = { overdue: 'red', sent: 'blue', paid: 'green' };

/**
 * 'Factures en Attente': the first 3 pending invoices, by the shared rule Facturation's 'Total en
 * attente (TTC)' uses (`isPendingInvoice`: issued and unpaid, i.e. sent or overdue; no draft, no
 * credit note), with the dashboard's status labels and what remains to pay on each (TTC, less what
 * was paid or credited); the total is that of every pending invoice, the same figure as Facturation's.
 * The retenues de garantie clients still hold on situations are not in it (a situation's amount due
 * excludes its retention): they are shown apart, with what of them may be claimed now (Finances).
 */
export function PendingInvoices() {
  const invoices = useInvoicesList();
  const today = calendarDateInFrance();
  // The server derives 'overdue'; derived again here for data kept across midnight.
  const read = (invoices.data ?? []).map((invoice) => withEffectiveStatus(invoice, today));
  const shown = pendingInvoices(read)
    .slice(0, PENDING_INVOICES)
    .map(({ invoice, outstandingCents }) => ({ ...invoice, owedCents: outstandingCents }));
  const owed = receivables(read, today);
  const retentions = retentionsSummary(read, today);

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
            <div className={styles.total}>{formatEuro(owed.cents)} TTC total</div>
            {owed.count > shown.length && (
              <div className={styles.total}>
                <Link to="/invoicing">Voir les {owed.count} factures en attente</Link>
              </div>
            )}
          </>
        )}
        {retentions.heldCents > 0 && (
          <div className={styles.retention} role="note" aria-label="Retenues de garantie">
            <div className={styles.retentionHead}>
              <span>Retenues de garantie, non comprises</span>
              <span className={styles.retentionAmount}>{formatEuro(retentions.heldCents)} TTC</span>
            </div>
            <span className={styles.itemSecondary}>
              {retentions.releasableCents > 0
                ? `dont ${formatEuro(retentions.releasableCents)} libérables · `
                : ''}
              <Link to="/finances" className={styles.nowrap}>
                Voir dans Finances
              </Link>
            </span>
          </div>
        )}
      </WidgetState>
    </Card>
  );
}
