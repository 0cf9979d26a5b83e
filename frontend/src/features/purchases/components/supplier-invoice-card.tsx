import { effectiveInvoiceStatus } from '@btp/shared/invoice-status';
import { labelOf, supplierInvoiceStatusLabels } from '@btp/shared/enums';
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
import { euros } from './purchase-values';
import styles from './purchases.module.css';

const invoiceStatusColors: Record<string, string> = {
  draft: 'default',
  sent: 'blue',
  paid: 'green',
  overdue: 'red',
  cancelled: 'default',
};

interface SupplierInvoiceCardProps {
  invoice: SupplierInvoicesListItem;
  /** The price requests, to name the one the invoice is linked to. */
  requests: readonly SupplierQuotesListItem[];
  onEdit: () => void;
}

/**
 * One supplier invoice: number, status ('Reçue' once received; overdue read from the due date),
 * supplier, the supplier's own number and the invoice's date when known, project, amount (HT, TVA
 * and TTC when known: an imported e-invoice), due date, and the original file of an imported one. A
 * paid one has no 'Supprimer': the card says why (the server refuses too).
 */
export function SupplierInvoiceCard({ invoice, requests, onEdit }: SupplierInvoiceCardProps) {
  const remove = useDeleteSupplierInvoice();
  const status = effectiveInvoiceStatus(invoice);
  const deletable = canDeleteSupplierInvoice(invoice);
  const linked = requests.find((request) => request.id === invoice.supplierQuoteId);
  // The shared list schema of supplier invoices keeps only the supplier: the project name comes from the projects list.
  const projects = useProjectsList();
  const projectName =
    invoice.projectId === undefined
      ? undefined
      : (projects.data?.find((project) => project.id === invoice.projectId)?.name ?? '—');

  return (
    <Card className={styles.card} styles={{ body: { padding: 16 } }}>
      <article aria-label={`Facture fournisseur ${invoice.number}`}>
        <div className={styles.cardHead}>
          <span className={styles.number}>{invoice.number}</span>
          <Tag color={invoiceStatusColors[status]}>{labelOf(supplierInvoiceStatusLabels, status)}</Tag>
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
              <dt>Date de facture</dt>
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
          {invoice.netAmount !== undefined && invoice.vatAmount !== undefined ? (
            <>
              <dt>Total HT</dt>
              <dd>{euros(invoice.netAmount)}</dd>
              <dt>TVA</dt>
              <dd>{euros(invoice.vatAmount)}</dd>
              <dt>Total TTC</dt>
              <dd className={styles.amount}>{euros(invoice.totalAmount)}</dd>
            </>
          ) : (
            <>
              <dt>Montant</dt>
              <dd className={styles.amount}>{euros(invoice.totalAmount)}</dd>
            </>
          )}
          <dt>Échéance</dt>
          <dd>{invoice.dueDate !== undefined ? formatDate(invoice.dueDate) : 'Non définie'}</dd>
        </dl>
        <div className={styles.actions}>
          <Button size="large" onClick={onEdit}>
            Modifier
          </Button>
          {deletable && (
            <ConfirmDeleteButton
              id={invoice.id}
              mutation={remove}
              question="Supprimer cette facture fournisseur ?"
              success="Facture fournisseur supprimée avec succès"
              failure="Erreur lors de la suppression de la facture fournisseur"
            />
          )}
        </div>
        {invoice.documentId !== undefined && (
          <OriginalFileButton
            documentId={invoice.documentId}
            of={`de la facture ${invoice.number}`}
            className={styles.fileButton}
          />
        )}
        {!deletable && <p className={styles.note}>{paidSupplierInvoiceDeletionMessage}</p>}
        <ReceivedInvoicePanel invoice={invoice} />
      </article>
    </Card>
  );
}
