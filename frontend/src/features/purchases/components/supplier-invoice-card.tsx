import { effectiveInvoiceStatus } from '@btp/shared/invoice-status';
import { labelOf, supplierInvoiceStatusLabels } from '@btp/shared/enums';
import { centsOf } from '@btp/shared/finance';
import {
  canDeleteSupplierInvoice,
  paidSupplierInvoiceDeletionMessage,
} from '@btp/shared/supplier-invoice-deletion';
import { Button, Card, Tag } from 'antd';

import { useProjectsList } from '../../../api/projects/list-projects';
import { useDeleteSupplierInvoice } from '../../../api/supplier-invoices/delete-supplier-invoice';
import type { SupplierInvoicesListItem } from '../../../api/supplier-invoices/list-supplier-invoices';
import type { SupplierQuotesListItem } from '../../../api/supplier-quotes/list-supplier-quotes';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { formatDate } from '../../../lib/format';
import { ReceivedInvoicePanel } from '../../einvoicing/received-invoice-panel';
import { OriginalFileButton } from './original-file-button';
import styles from './purchases.module.css';
import { amountText } from './supplier-invoice-figures';

const invoiceStatusColors: Record<string, string> = {
  draft: 'default',
  sent: 'blue',
  paid: 'green',
  overdue: 'red',
  cancelled: 'default',
};

/** What the card can pay: what remains, unless a credit note of an invoice (its invoice is paid). */
export function payable(invoice: SupplierInvoicesListItem): boolean {
  if (invoice.kind === 'credit_note' && invoice.creditedInvoiceId) return false;
  return centsOf(invoice.remainingAmount) > 0;
}

interface SupplierInvoiceCardProps {
  invoice: SupplierInvoicesListItem;
  /** The price requests, to name the one the invoice is linked to. */
  requests: readonly SupplierQuotesListItem[];
  onEdit: () => void;
  onPay: () => void;
}

/**
 * One supplier invoice or credit note: number, kind, status ('Reçue' once received; overdue read
 * from the due date), supplier, the supplier's own number and date when known, project, HT / TVA /
 * TTC (« TVA non détaillée » for a record made with its TTC alone), the link to the credit notes
 * of an invoice and to the invoice a credit note corrects, what remains to pay, the due date and
 * the original file of an imported one. A paid one has no 'Supprimer': the card says why.
 */
export function SupplierInvoiceCard({ invoice, requests, onEdit, onPay }: SupplierInvoiceCardProps) {
  const remove = useDeleteSupplierInvoice();
  const status = effectiveInvoiceStatus(invoice);
  const deletable = canDeleteSupplierInvoice(invoice);
  const note = invoice.kind === 'credit_note';
  // The list names the price request it answers; a request on the loaded page is named too.
  const linked = invoice.supplierQuote ?? requests.find((request) => request.id === invoice.supplierQuoteId);
  const money = (value: string | undefined) => amountText(value, invoice.currency);
  // The shared list schema of supplier invoices keeps only the supplier: the project name comes from the projects list.
  const projects = useProjectsList();
  const projectName =
    invoice.projectId === undefined
      ? undefined
      : (projects.data?.find((project) => project.id === invoice.projectId)?.name ?? '—');
  const kindLabel = note ? 'Avoir fournisseur' : 'Facture fournisseur';
  const statusLabel = note && status === 'paid' ? 'Remboursé' : labelOf(supplierInvoiceStatusLabels, status);

  return (
    <Card className={styles.card} styles={{ body: { padding: 16 } }}>
      <article aria-label={`${kindLabel} ${invoice.number}`}>
        <div className={styles.cardHead}>
          <span className={styles.number}>{invoice.number}</span>
          <span className={styles.tags}>
            {note && <Tag color="purple">Avoir</Tag>}
            <Tag color={invoiceStatusColors[status]}>{statusLabel}</Tag>
          </span>
        </div>
        <h2 className={styles.cardTitle}>{invoice.title ?? invoice.supplier?.name ?? invoice.number}</h2>
        <dl className={styles.facts}>
          <dt>Fournisseur</dt>
          <dd>{invoice.supplier?.name ?? '—'}</dd>
          {invoice.supplierReference !== undefined && (
            <>
              <dt>N° fournisseur</dt>
              <dd>{invoice.supplierReference}</dd>
            </>
          )}
          {invoice.issueDate !== undefined && (
            <>
              <dt>{note ? "Date de l'avoir" : 'Date de facture'}</dt>
              <dd>{formatDate(invoice.issueDate)}</dd>
            </>
          )}
          <dt>Projet</dt>
          <dd>{projectName ?? 'Aucun projet'}</dd>
          {linked !== undefined && (
            <>
              <dt>Demande</dt>
              <dd>{linked.number}</dd>
            </>
          )}
          {note && (
            <>
              <dt>Facture corrigée</dt>
              <dd>{invoice.creditedInvoiceNumber ?? 'Non rattaché (à déduire)'}</dd>
            </>
          )}
          {invoice.vatDetailed !== false && invoice.netAmount !== undefined ? (
            <>
              <dt>Total HT</dt>
              <dd>{money(invoice.netAmount)}</dd>
              <dt>TVA</dt>
              <dd>{money(invoice.vatAmount)}</dd>
              <dt>Total TTC</dt>
              <dd className={styles.amount}>{money(invoice.totalAmount)}</dd>
            </>
          ) : (
            <>
              <dt>Montant TTC</dt>
              <dd className={styles.amount}>{money(invoice.totalAmount)}</dd>
              <dt>TVA</dt>
              <dd>TVA non détaillée</dd>
            </>
          )}
          {!note && invoice.creditNotes.length > 0 && (
            <>
              <dt>Avoirs</dt>
              <dd>
                {invoice.creditNotes
                  .map((entry) => `${entry.number} (−${money(entry.totalAmount)})`)
                  .join(', ')}
              </dd>
            </>
          )}
          {(!note || !invoice.creditedInvoiceId) && invoice.remainingAmount !== undefined && (
            <>
              <dt>{note ? 'Reste à déduire' : 'Reste à payer'}</dt>
              <dd className={styles.amount}>{money(invoice.remainingAmount)}</dd>
            </>
          )}
          {!note && (
            <>
              <dt>Échéance</dt>
              <dd>{invoice.dueDate !== undefined ? formatDate(invoice.dueDate) : 'Non définie'}</dd>
            </>
          )}
        </dl>
        <div className={styles.actions}>
          <Button size="large" onClick={onEdit}>
            Modifier
          </Button>
          {payable(invoice) && (
            <Button size="large" onClick={onPay}>
              {note ? 'Enregistrer un remboursement' : 'Enregistrer un paiement'}
            </Button>
          )}
          {deletable && (
            <ConfirmDeleteButton
              id={invoice.id}
              mutation={remove}
              question={note ? 'Supprimer cet avoir fournisseur ?' : 'Supprimer cette facture fournisseur ?'}
              success={
                note ? 'Avoir fournisseur supprimé avec succès' : 'Facture fournisseur supprimée avec succès'
              }
              failure={
                note
                  ? "Erreur lors de la suppression de l'avoir fournisseur"
                  : 'Erreur lors de la suppression de la facture fournisseur'
              }
            />
          )}
        </div>
        {invoice.documentId !== undefined && (
          <OriginalFileButton
            documentId={invoice.documentId}
            of={`${note ? "de l'avoir" : 'de la facture'} ${invoice.number}`}
            className={styles.fileButton}
          />
        )}
        {!deletable && <p className={styles.note}>{paidSupplierInvoiceDeletionMessage}</p>}
        <ReceivedInvoicePanel invoice={invoice} />
      </article>
    </Card>
  );
}
