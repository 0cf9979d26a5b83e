import type { DashboardWidgets } from '@btp/shared/dashboard-widgets';
import { dashboardInvoiceStatusLabels, labelOf } from '@btp/shared/enums';
import { centsOf } from '@btp/shared/finance';
import { formatEuro } from '@btp/shared/money';
import { Tag } from 'antd';
import { Link } from 'react-router';

import { formatDate } from '../../../lib/format';
import styles from './dashboard.module.css';
import { WidgetFrame } from './widget-frame';
import { EmptyText, WidgetState } from './widget-state';

const statusColours: Record<string, string> = { overdue: 'red', sent: 'blue', paid: 'green' };

/**
 * 'Factures en Attente': the 3 most recent pending invoices (issued and unpaid: sent or overdue; no
 * draft, no credit note) with the dashboard's status labels and what remains to pay on each (TTC);
 * the total is that of every pending invoice, the same figure as Facturation's. The retenues de
 * garantie clients still hold on situations are not in it: they are shown apart, with what of them
 * may be claimed now (Finances). Every figure comes from the server (`widgets.pendingInvoices`).
 */
export function PendingInvoices({ pending }: { pending: DashboardWidgets['pendingInvoices'] | undefined }) {
  const heldCents = centsOf(pending?.retentionsHeld);
  const releasableCents = centsOf(pending?.retentionsReleasable);
  return (
    <WidgetFrame title="Factures en Attente">
      <WidgetState data={pending}>
        {pending === undefined || pending.items.length === 0 ? (
          <EmptyText>Aucune facture en attente</EmptyText>
        ) : (
          <>
            <ul className={styles.list}>
              {pending.items.map((invoice) => (
                <li key={invoice.id} className={styles.item}>
                  <div className={styles.itemText}>
                    <span className={styles.itemTitle}>{invoice.title}</span>
                    <span className={styles.itemSecondary}>
                      Échéance: {invoice.dueDate ? formatDate(invoice.dueDate) : 'Non définie'}
                    </span>
                  </div>
                  <div className={styles.itemSide}>
                    <span className={styles.itemTitle}>{formatEuro(centsOf(invoice.owed))} TTC</span>
                    <Tag color={statusColours[invoice.status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
                      {labelOf(dashboardInvoiceStatusLabels, invoice.status)}
                    </Tag>
                  </div>
                </li>
              ))}
            </ul>
            <div className={styles.total}>{formatEuro(centsOf(pending.total))} TTC total</div>
            {pending.count > pending.items.length && (
              <div className={styles.total}>
                <Link to="/invoicing">Voir les {pending.count} factures en attente</Link>
              </div>
            )}
          </>
        )}
        {heldCents > 0 && (
          <div className={styles.retention} role="note" aria-label="Retenues de garantie">
            <div className={styles.retentionHead}>
              <span>Retenues de garantie, non comprises</span>
              <span className={styles.retentionAmount}>{formatEuro(heldCents)} TTC</span>
            </div>
            <span className={styles.itemSecondary}>
              {releasableCents > 0 ? `dont ${formatEuro(releasableCents)} libérables · ` : ''}
              <Link to="/finances" className={styles.nowrap}>
                Voir dans Finances
              </Link>
            </span>
          </div>
        )}
      </WidgetState>
    </WidgetFrame>
  );
}
