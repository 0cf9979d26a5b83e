import { invoiceStatusLabels, labelOf } from '@btp/shared/enums';
import { centsOf, outstandingCents } from '@btp/shared/finance';
import { formatEuro } from '@btp/shared/money';
import { Button, Tag } from 'antd';

import type { InvoicesListItem } from '../../../api/invoices/list-invoices';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { formatDate, formatDateTime } from '../../../lib/format';
import { invoiceStatusColors } from './invoice-rules';
import cardStyles from '../../../components/record-cards.module.css';

/** 'Voir détails': everything the invoice says, read-only. */
export function InvoiceDetailsDialog({
  invoice,
  onClose,
}: {
  invoice: InvoicesListItem;
  onClose: () => void;
}) {
  const owed = outstandingCents(invoice);
  return (
    <ResponsiveModal
      open
      title="Détails de la facture"
      onCancel={onClose}
      footer={
        <Button size="large" onClick={onClose}>
          Fermer
        </Button>
      }
      destroyOnHidden
    >
      <dl className={cardStyles.facts} style={{ fontSize: 14 }}>
        <dt>Numéro</dt>
        <dd>{invoice.number ?? 'Brouillon'}</dd>
        <dt>Statut</dt>
        <dd>
          <Tag color={invoiceStatusColors[invoice.status]}>
            {labelOf(invoiceStatusLabels, invoice.status)}
          </Tag>
        </dd>
        <dt>Titre</dt>
        <dd>{invoice.title}</dd>
        <dt>Client</dt>
        <dd>{invoice.client?.name ?? 'Client supprimé'}</dd>
        <dt>Projet</dt>
        <dd>{invoice.project?.name ?? 'Aucun projet'}</dd>
        <dt>Montant total</dt>
        <dd>{formatEuro(centsOf(invoice.totalAmount))}</dd>
        <dt>Montant payé</dt>
        <dd>{formatEuro(centsOf(invoice.paidAmount))}</dd>
        {owed > 0 && (
          <>
            <dt>Reste à payer</dt>
            <dd>{formatEuro(owed)}</dd>
          </>
        )}
        <dt>Échéance:</dt>
        <dd>{invoice.dueDate ? formatDate(invoice.dueDate) : 'Non définie'}</dd>
        <dt>Créée le</dt>
        <dd>{formatDate(invoice.createdAt)}</dd>
        {invoice.sentAt !== undefined && (
          <>
            <dt>Envoyée le</dt>
            <dd>{formatDateTime(invoice.sentAt)}</dd>
          </>
        )}
        {invoice.paidAt !== undefined && (
          <>
            <dt>Payée le</dt>
            <dd>{formatDate(invoice.paidAt)}</dd>
          </>
        )}
        {invoice.description !== undefined && (
          <>
            <dt>Description</dt>
            <dd>{invoice.description}</dd>
          </>
        )}
      </dl>
    </ResponsiveModal>
  );
}
