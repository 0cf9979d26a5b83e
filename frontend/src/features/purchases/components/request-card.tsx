import { CheckCircleFilled } from '@ant-design/icons';
import { labelOf, supplierQuoteStatusLabels } from '@btp/shared/enums';
import { canDeleteSupplierQuote, offersSupplierQuoteSelection } from '@btp/shared/supplier-quote-selection';
import { Button, Card, Tag } from 'antd';

import { useDeleteSupplierQuote } from '../../../api/supplier-quotes/delete-supplier-quote';
import type { SupplierQuotesListItem } from '../../../api/supplier-quotes/list-supplier-quotes';
import { useSelectSupplierQuote } from '../../../api/supplier-quotes/select-supplier-quote';
import { useToastedAction } from '../../../components/action-toasts';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { formatDate } from '../../../lib/format';
import { euros } from './purchase-values';
import styles from './purchases.module.css';

/** Badge colour per supplier request status. */
const requestStatusColors: Record<string, string> = {
  draft: 'default',
  sent: 'blue',
  validated: 'green',
  rejected: 'red',
  expired: 'orange',
};

interface RequestCardProps {
  request: SupplierQuotesListItem;
  /** In the orders tab: no selection or deletion there. */
  order?: boolean;
  onEdit: () => void;
  /** 'Modifier' is reading the record whole before its dialog opens. */
  opening?: boolean;
}

/** One supplier price request: number, status, title, supplier, project, total, and its actions. */
export function RequestCard({ request, order = false, onEdit, opening = false }: RequestCardProps) {
  const select = useSelectSupplierQuote();
  const remove = useDeleteSupplierQuote();
  const selectRequest = useToastedAction(
    () => select.mutateAsync({ id: request.id, version: request.version }),
    {
      success: 'Demande de prix sélectionnée avec succès',
      failure: 'Erreur lors de la sélection de la demande de prix',
    },
  );

  return (
    <Card className={styles.card} styles={{ body: { padding: 16 } }}>
      <article aria-label={`Demande de prix ${request.number}`}>
        <div className={styles.cardHead}>
          <span className={styles.number}>{request.number}</span>
          <span className={styles.tags}>
            {request.selected === true && (
              <Tag color="green" icon={<CheckCircleFilled />}>
                Sélectionné
              </Tag>
            )}
            <Tag color={requestStatusColors[request.status]}>
              {labelOf(supplierQuoteStatusLabels, request.status)}
            </Tag>
          </span>
        </div>
        <h2 className={styles.cardTitle}>{request.title}</h2>
        {request.description !== undefined && <p className={styles.description}>{request.description}</p>}
        <dl className={styles.facts}>
          <dt>Fournisseur</dt>
          <dd>{request.supplier?.name ?? '—'}</dd>
          <dt>Projet</dt>
          <dd>{request.project?.name ?? 'Aucun projet'}</dd>
          <dt>Total</dt>
          <dd className={styles.amount}>{euros(request.totalAmount)}</dd>
          <dt>Valide jusqu'au</dt>
          <dd>{request.validUntil !== undefined ? formatDate(request.validUntil) : 'Non définie'}</dd>
        </dl>
        <div className={styles.actions}>
          {!order && offersSupplierQuoteSelection(request) && (
            <Button
              type="primary"
              size="large"
              loading={select.isPending}
              onClick={() => void selectRequest()}
            >
              Sélectionner
            </Button>
          )}
          <Button size="large" loading={opening} onClick={onEdit}>
            Modifier
          </Button>
          {!order && canDeleteSupplierQuote(request) && (
            <ConfirmDeleteButton
              id={request.id}
              mutation={remove}
              question="Supprimer cette demande de prix ?"
              success="Demande de prix supprimée avec succès"
              failure="Erreur lors de la suppression de la demande de prix"
            />
          )}
        </div>
      </article>
    </Card>
  );
}
