import { invoiceStatusLabels, labelOf } from '@btp/shared/enums';
import { centsOf } from '@btp/shared/finance';
import { formatEuro } from '@btp/shared/money';
import { Button, Card, Tag } from 'antd';

import type { InvoicesListItem } from '../../../api/invoices/list-invoices';
import { dueDateText, invoiceActions, invoiceStatusColors } from './invoice-rules';
import cardStyles from '../../../components/record-cards.module.css';
import styles from './invoicing.module.css';

interface InvoiceCardProps {
  invoice: InvoicesListItem;
  /** Whether this invoice's send call is under way. */
  sending: boolean;
  onDetails: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onSend: () => void;
  onPay: () => void;
}

/** One invoice: number (or 'Brouillon'), status, client, amount, due date, and what can be done with it. */
export function InvoiceCard({
  invoice,
  sending,
  onDetails,
  onEdit,
  onDelete,
  onSend,
  onPay,
}: InvoiceCardProps) {
  const actions = invoiceActions(invoice.status);
  const paidCents = centsOf(invoice.paidAmount);
  return (
    <Card className={cardStyles.card} size="small" styles={{ body: { padding: 16 } }}>
      <article aria-label={invoice.title}>
        <div className={cardStyles.cardHead}>
          <div style={{ minWidth: 0 }}>
            <span className={styles.number}>{invoice.number ?? 'Brouillon'}</span>
            <h3 className={cardStyles.cardTitle}>{invoice.title}</h3>
          </div>
          <Tag color={invoiceStatusColors[invoice.status]} style={{ marginInlineEnd: 0 }}>
            {labelOf(invoiceStatusLabels, invoice.status)}
          </Tag>
        </div>
        <span className={cardStyles.secondary}>
          {invoice.client?.name ?? 'Client supprimé'}
          {invoice.project !== undefined && ` · ${invoice.project.name}`}
        </span>
        <p className={styles.amount}>{formatEuro(centsOf(invoice.totalAmount))}</p>
        {invoice.status === 'paid' && paidCents !== centsOf(invoice.totalAmount) && (
          <span className={cardStyles.secondary}>Payé : {formatEuro(paidCents)}</span>
        )}
        <p className={cardStyles.text} style={{ marginBottom: 12 }}>
          {dueDateText(invoice.dueDate)}
        </p>
        <div className={cardStyles.actions}>
          <Button size="large" onClick={onDetails} aria-label={`Voir détails ${invoice.title}`}>
            Voir détails
          </Button>
          {actions.edit && (
            <Button size="large" onClick={onEdit} aria-label={`Modifier ${invoice.title}`}>
              Modifier
            </Button>
          )}
          {actions.remove && (
            <Button size="large" danger onClick={onDelete} aria-label={`Supprimer ${invoice.title}`}>
              Supprimer
            </Button>
          )}
          {actions.send && (
            <Button
              size="large"
              type="primary"
              loading={sending}
              onClick={onSend}
              aria-label={`Envoyer ${invoice.title}`}
            >
              Envoyer
            </Button>
          )}
          {actions.pay && (
            <Button size="large" type="primary" onClick={onPay} aria-label={`Marquer payée ${invoice.title}`}>
              Marquer payée
            </Button>
          )}
        </div>
      </article>
    </Card>
  );
}
