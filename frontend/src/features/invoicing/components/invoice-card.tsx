import { invoiceKindLabels, invoiceStatusLabels, labelOf } from '@btp/shared/enums';
import { centsOf } from '@btp/shared/finance';
import { formatEuro } from '@btp/shared/money';
import { Button, Card, Tag } from 'antd';

import { useInvoicePdfUrl } from '../../../api/invoices/get-invoice-pdf-url';
import type { InvoicesListItem } from '../../../api/invoices/list-invoices';
import { PdfButtons } from '../../../components/pdf-buttons';
import { NetworkStatusLine } from '../../einvoicing/lifecycle-views';
import { EmailStatusLine } from '../../sending/email-status-line';
import { euros } from './invoice-figures';
import { InvoiceReminderList, RemindButton } from './invoice-reminders';
import {
  creditedInvoiceText,
  dueDateText,
  invoiceActions,
  invoiceStatusColors,
  isCreditNote,
  pdfNameOf,
  remainingCents,
  situationText,
} from './invoice-rules';
import cardStyles from '../../../components/record-cards.module.css';
import styles from './invoicing.module.css';

interface InvoiceCardProps {
  invoice: InvoicesListItem;
  /** Whether this invoice's send call is under way. */
  sending: boolean;
  /** The dialog whose invoice is being read whole ('Voir détails', 'Modifier', 'Établir un avoir'). */
  opening?: 'details' | 'edit' | 'credit' | undefined;
  onDetails: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onSend: () => void;
  /** « Renvoyer l'e-mail » of an issued invoice or credit note whose e-mail failed. */
  onResend: () => void;
  onPay: () => void;
  onCredit: () => void;
}

/** The status of a record as its card reads: an issued credit note is 'Émis' (un avoir). */
export function statusLabel(invoice: Pick<InvoicesListItem, 'status' | 'kind'>): string {
  if (isCreditNote(invoice) && invoice.status !== 'draft') return 'Émis';
  return labelOf(invoiceStatusLabels, invoice.status);
}

/**
 * One invoice or credit note: its kind and number (or 'Brouillon'), status, client, the amounts HT
 * and TTC, what remains to pay, the due date or the invoice it credits, what can be done with it,
 * and its PDF (a draft's marked "BROUILLON").
 */
export function InvoiceCard({
  invoice,
  sending,
  opening,
  onDetails,
  onEdit,
  onDelete,
  onSend,
  onResend,
  onPay,
  onCredit,
}: InvoiceCardProps) {
  const actions = invoiceActions(invoice);
  const creditNote = isCreditNote(invoice);
  const paidCents = centsOf(invoice.paidAmount);
  const creditedCents = centsOf(invoice.creditedAmount);
  const awaiting = invoice.status === 'sent' || invoice.status === 'overdue';
  const pdf = useInvoicePdfUrl();
  const situation = situationText(invoice);
  return (
    <Card className={cardStyles.card} size="small" styles={{ body: { padding: 16 } }}>
      <article aria-label={invoice.title}>
        <div className={cardStyles.cardHead}>
          <div style={{ minWidth: 0 }}>
            <span className={styles.number}>
              {labelOf(invoiceKindLabels, invoice.kind)} · {invoice.number ?? 'Brouillon'}
            </span>
            <h3 className={cardStyles.cardTitle}>{invoice.title}</h3>
            {situation !== undefined && <span className={cardStyles.secondary}>{situation}</span>}
          </div>
          <Tag color={invoiceStatusColors[invoice.status]} style={{ marginInlineEnd: 0 }}>
            {statusLabel(invoice)}
          </Tag>
        </div>
        <span className={cardStyles.secondary}>
          {invoice.client?.name ?? 'Client supprimé'}
          {invoice.project !== undefined && ` · ${invoice.project.name}`}
        </span>
        <p className={styles.amount}>{euros(invoice.totalWithVat)} TTC</p>
        <span className={cardStyles.secondary}>{euros(invoice.totalAmount)} HT</span>
        {awaiting && !creditNote && paidCents > 0 && (
          <span className={cardStyles.secondary}>Déjà payé : {formatEuro(paidCents)} TTC</span>
        )}
        {awaiting && !creditNote && (
          <span className={styles.remaining}>Reste à payer : {formatEuro(remainingCents(invoice))}</span>
        )}
        {invoice.status === 'paid' && paidCents !== centsOf(invoice.amountDue) && (
          <span className={cardStyles.secondary}>Payé : {formatEuro(paidCents)}</span>
        )}
        {!creditNote && creditedCents > 0 && (
          <span className={cardStyles.secondary}>Crédité par avoir : {formatEuro(creditedCents)} TTC</span>
        )}
        <p className={cardStyles.text} style={{ marginBottom: 12 }}>
          {creditNote ? creditedInvoiceText(invoice) : dueDateText(invoice.dueDate)}
        </p>
        {invoice.emailStatus !== undefined && <EmailStatusLine status={invoice.emailStatus} />}
        <NetworkStatusLine lifecycle={invoice.einvoicing} />
        <InvoiceReminderList reminders={invoice.reminders} />
        <div className={cardStyles.actions}>
          <Button
            size="large"
            loading={opening === 'details'}
            onClick={onDetails}
            aria-label={`Voir détails ${invoice.title}`}
          >
            Voir détails
          </Button>
          {actions.edit && (
            <Button
              size="large"
              loading={opening === 'edit'}
              onClick={onEdit}
              aria-label={`Modifier ${invoice.title}`}
            >
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
          {invoice.status !== 'draft' && invoice.emailStatus?.state === 'failed' && (
            <Button size="large" onClick={onResend} aria-label={`Renvoyer l'e-mail ${invoice.title}`}>
              Renvoyer l'e-mail
            </Button>
          )}
          {actions.pay && (
            <Button size="large" type="primary" onClick={onPay} aria-label={`Marquer payée ${invoice.title}`}>
              {/* The spec's text (section 2); the dialog records one payment, all or part of what remains. */}
              Marquer payée
            </Button>
          )}
          {!creditNote && invoice.status === 'overdue' && <RemindButton invoice={invoice} />}
          {actions.credit && (
            <Button
              size="large"
              loading={opening === 'credit'}
              onClick={onCredit}
              aria-label={`Établir un avoir ${invoice.title}`}
            >
              Établir un avoir
            </Button>
          )}
        </div>
        <PdfButtons
          className={styles.pdf}
          of={pdfNameOf(invoice)}
          link={(disposition) => pdf.mutateAsync({ id: invoice.id, disposition })}
        />
      </article>
    </Card>
  );
}
