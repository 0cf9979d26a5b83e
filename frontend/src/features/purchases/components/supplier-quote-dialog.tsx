import {
  supplierQuoteCreateInput,
  type SupplierQuoteCreateData,
  type SupplierQuoteWithRefs,
} from '@btp/shared/entities/supplier-quote';
import { quoteStatuses, supplierQuoteStatusLabels } from '@btp/shared/enums';
import { Alert } from 'antd';

import { useCreateSupplierQuote } from '../../../api/supplier-quotes/create-supplier-quote';
import { useUpdateSupplierQuote } from '../../../api/supplier-quotes/update-supplier-quote';
import { validateWith } from '../../../lib/zod-form';
import {
  AmountDateStatusFields,
  PurchaseDialog,
  purchaseFormValues,
  SupplierProjectFields,
  TitleDescriptionFields,
  type PurchaseFormValues,
} from './purchase-dialog';

const fields = [
  'supplierId',
  'projectId',
  'title',
  'description',
  'totalAmount',
  'validUntil',
  'status',
] as const;

interface FormValues extends PurchaseFormValues {
  validUntil: string;
}

const statusOptions = quoteStatuses.map((value) => ({ value, label: supplierQuoteStatusLabels[value] }));

interface SupplierQuoteDialogProps {
  /** The request to edit, read whole (`GET /api/supplier-quotes/{id}`: its `items`); none for a new one. */
  request?: SupplierQuoteWithRefs | undefined;
  onClose: () => void;
}

/** A supplier price request: what was asked of whom for which project, and what the supplier answered. */
export function SupplierQuoteDialog({ request, onClose }: SupplierQuoteDialogProps) {
  const create = useCreateSupplierQuote();
  const update = useUpdateSupplierQuote();

  return (
    <PurchaseDialog<FormValues, SupplierQuoteCreateData>
      title={request === undefined ? 'Nouvelle Demande de Prix' : `Modifier la demande ${request.number}`}
      editing={request !== undefined}
      createLabel="Créer la demande"
      texts={{
        created: {
          success: 'Demande de prix créée avec succès',
          failure: 'Erreur lors de la création de la demande de prix',
        },
        updated: {
          success: 'Demande de prix mise à jour avec succès',
          failure: 'Erreur lors de la mise à jour de la demande de prix',
        },
      }}
      fields={fields}
      validate={(values) => validateWith(supplierQuoteCreateInput, values)}
      initialValues={{ ...purchaseFormValues(request), validUntil: request?.validUntil ?? '' }}
      save={(data) =>
        request === undefined
          ? create.mutateAsync(data)
          : // Fields the form does not show keep their stored values.
            update.mutateAsync({
              id: request.id,
              data: { ...data, items: request.items, version: request.version },
            })
      }
      busy={create.isPending || update.isPending}
      notice={
        request?.selected === true && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="Cette demande est la sélectionnée de son projet : elle ne le sera plus si elle quitte le statut « Reçu » ou ce projet."
          />
        )
      }
      onClose={onClose}
    >
      <SupplierProjectFields supplierNotFound="Aucun fournisseur : créez-en un dans l'écran Fournisseurs." />
      <TitleDescriptionFields titleRequired />
      <AmountDateStatusFields
        amountRequired={false}
        dateName="validUntil"
        dateLabel="Valide jusqu'au"
        statusOptions={statusOptions}
      />
    </PurchaseDialog>
  );
}
