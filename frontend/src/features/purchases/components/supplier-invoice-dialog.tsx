import {
  supplierInvoiceCreateInput,
  type SupplierInvoiceCreateData,
  type SupplierInvoiceWithRefs,
} from '@btp/shared/entities/supplier-invoice';
import { supplierInvoiceStatusLabels, type InvoiceStatus } from '@btp/shared/enums';
import { Col, Form, Input, Select } from 'antd';

import { useCreateSupplierInvoice } from '../../../api/supplier-invoices/create-supplier-invoice';
import { useUpdateSupplierInvoice } from '../../../api/supplier-invoices/update-supplier-invoice';
import { useSupplierQuotesList } from '../../../api/supplier-quotes/list-supplier-quotes';
import { DateField } from '../../../components/date-field';
import { validateWith } from '../../../lib/zod-form';
import {
  AmountDateStatusFields,
  PurchaseDialog,
  purchaseFormValues,
  SupplierProjectFields,
  TitleDescriptionFields,
  type PurchaseFormValues,
} from './purchase-dialog';
import { NONE } from './purchase-values';
import { ImportedInvoiceSummary } from './imported-invoice-summary';

const fields = [
  'supplierId',
  'projectId',
  'supplierQuoteId',
  'title',
  'description',
  'supplierReference',
  'issueDate',
  'totalAmount',
  'dueDate',
  'status',
] as const;

interface FormValues extends PurchaseFormValues {
  supplierQuoteId: string;
  supplierReference: string;
  issueDate: string;
  dueDate: string;
}

/** 'En retard' is read from the due date, never chosen (shared/invoice-status.ts); sent reads 'Reçue'. */
const chosenStatuses: InvoiceStatus[] = ['draft', 'sent', 'paid', 'cancelled'];
const statusOptions = chosenStatuses.map((value) => ({ value, label: supplierInvoiceStatusLabels[value] }));

function initialValues(invoice: SupplierInvoiceWithRefs | undefined): FormValues {
  const values = {
    ...purchaseFormValues(invoice),
    supplierQuoteId: invoice?.supplierQuoteId ?? NONE,
    supplierReference: invoice?.supplierReference ?? '',
    issueDate: invoice?.issueDate ?? '',
    dueDate: invoice?.dueDate ?? '',
  };
  return values.status === 'overdue' ? { ...values, status: 'sent' } : values;
}

interface SupplierInvoiceDialogProps {
  /** The invoice to edit, read whole (`GET /api/supplier-invoices/{id}`: its `items`); none for a new one. */
  invoice?: SupplierInvoiceWithRefs | undefined;
  onClose: () => void;
}

/** An invoice the company received from a supplier, possibly for one of its orders. */
export function SupplierInvoiceDialog({ invoice, onClose }: SupplierInvoiceDialogProps) {
  const create = useCreateSupplierInvoice();
  const update = useUpdateSupplierInvoice();

  return (
    <PurchaseDialog<FormValues, SupplierInvoiceCreateData>
      title={invoice === undefined ? 'Nouvelle Facture Fournisseur' : `Modifier la facture ${invoice.number}`}
      editing={invoice !== undefined}
      createLabel="Créer la facture"
      texts={{
        created: {
          success: 'Facture fournisseur créée avec succès',
          failure: 'Erreur lors de la création de la facture fournisseur',
        },
        updated: {
          success: 'Facture fournisseur mise à jour avec succès',
          failure: 'Erreur lors de la mise à jour de la facture fournisseur',
        },
      }}
      fields={fields}
      validate={(values) => validateWith(supplierInvoiceCreateInput, values)}
      initialValues={initialValues(invoice)}
      save={(data) =>
        invoice === undefined
          ? create.mutateAsync(data)
          : update.mutateAsync({
              id: invoice.id,
              data: {
                ...data,
                paidAmount: invoice.paidAmount,
                items: invoice.items,
                // What an import read and the form does not show (a PUT replaces the whole record);
                // its HT / TVA only while the total is still the one they add up to.
                ...(data.totalAmount === invoice.totalAmount
                  ? { netAmount: invoice.netAmount, vatAmount: invoice.vatAmount }
                  : {}),
                documentId: invoice.documentId,
                version: invoice.version,
              },
            })
      }
      busy={create.isPending || update.isPending}
      onChange={(changed, form) => {
        // Another supplier: the linked request no longer fits.
        if ('supplierId' in changed) form.setFieldValue('supplierQuoteId', NONE);
      }}
      notice={invoice === undefined ? undefined : <ImportedInvoiceSummary invoice={invoice} />}
      onClose={onClose}
    >
      <SupplierProjectFields />
      <LinkedRequestField />
      <TitleDescriptionFields titleRequired={false} />
      <Col xs={24} md={12}>
        {/* Not "N° fournisseur" as on the card: a label holding "Fournisseur" would read as the supplier field. */}
        <Form.Item name="supplierReference" label="N° de la facture reçue">
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="issueDate" label="Date de facture">
          <DateField iso />
        </Form.Item>
      </Col>
      <AmountDateStatusFields
        amountRequired
        dateName="dueDate"
        dateLabel="Échéance"
        statusOptions={statusOptions}
      />
    </PurchaseDialog>
  );
}

/** The order the invoice is for: a request of the chosen supplier only (the API refuses another's). */
function LinkedRequestField() {
  const requests = useSupplierQuotesList();
  const supplierId = Form.useWatch<string | undefined>('supplierId');
  const options = [
    { value: NONE, label: 'Aucune' },
    ...(requests.data ?? [])
      .filter((request) => request.supplierId === supplierId)
      .map((request) => ({ value: request.id, label: `${request.number} · ${request.title}` })),
  ];
  return (
    <Col xs={24}>
      <Form.Item name="supplierQuoteId" label="Demande de prix liée">
        <Select options={options} loading={requests.isPending} />
      </Form.Item>
    </Col>
  );
}
