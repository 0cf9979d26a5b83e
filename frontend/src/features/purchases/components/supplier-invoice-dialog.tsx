import {
  supplierInvoiceCreateInput,
  type SupplierInvoiceCreateData,
} from '@btp/shared/entities/supplier-invoice';
import {
  defaultVatRate,
  resourceTypeLabels,
  resourceTypes,
  supplierInvoiceStatusLabels,
  type InvoiceStatus,
  type ResourceType,
  type SupplierInvoiceKind,
} from '@btp/shared/enums';
import { Alert, Button, Col, Form, Input, Select, type SelectProps } from 'antd';
import { useState } from 'react';

import { useProjectsList } from '../../../api/projects/list-projects';
import { useCreateSupplierInvoice } from '../../../api/supplier-invoices/create-supplier-invoice';
import {
  useSupplierInvoicesList,
  type SupplierInvoicesListItem,
} from '../../../api/supplier-invoices/list-supplier-invoices';
import { useUpdateSupplierInvoice } from '../../../api/supplier-invoices/update-supplier-invoice';
import { useSupplierQuotesList } from '../../../api/supplier-quotes/list-supplier-quotes';
import { DateField } from '../../../components/date-field';
import { validateWith } from '../../../lib/zod-form';
import { InvoiceLinesEditor } from '../../invoicing/components/invoice-lines-editor';
import invoicingStyles from '../../invoicing/components/invoicing.module.css';
import {
  PurchaseDialog,
  purchaseFormValues,
  SupplierProjectFields,
  TitleDescriptionFields,
  type PurchaseFormValues,
} from './purchase-dialog';
import { NONE } from './purchase-values';
import { SupplierInvoiceFigures } from './supplier-invoice-figures';
import {
  emptySupplierLine,
  linesFromSupplierInvoice,
  liveSupplierTotals,
  supplierLineInput,
  validateSupplierLines,
  type SupplierLineDraft,
} from './supplier-lines';

const fields = [
  'supplierId',
  'projectId',
  'supplierQuoteId',
  'creditedInvoiceId',
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
  creditedInvoiceId: string;
  supplierReference: string;
  issueDate: string;
  dueDate: string;
}

/** 'En retard' is read from the due date, never chosen (shared/invoice-status.ts); sent reads 'Reçue'. */
const chosenStatuses: InvoiceStatus[] = ['draft', 'sent', 'paid', 'cancelled'];
const statusOptions = chosenStatuses.map((value) => ({ value, label: supplierInvoiceStatusLabels[value] }));
const resourceTypeOptions = resourceTypes.map((value) => ({ value, label: resourceTypeLabels[value] }));

function initialValues(invoice: SupplierInvoicesListItem | undefined): FormValues {
  const values = {
    ...purchaseFormValues(invoice),
    supplierQuoteId: invoice?.supplierQuoteId ?? NONE,
    creditedInvoiceId: invoice?.creditedInvoiceId ?? NONE,
    supplierReference: invoice?.supplierReference ?? '',
    issueDate: invoice?.issueDate ?? '',
    dueDate: invoice?.dueDate ?? '',
  };
  return values.status === 'overdue' ? { ...values, status: 'sent' } : values;
}

const texts = {
  invoice: {
    create: 'Nouvelle Facture Fournisseur',
    edit: (number: string) => `Modifier la facture ${number}`,
    createLabel: 'Créer la facture',
    reference: 'N° de la facture reçue',
    created: 'Facture fournisseur créée avec succès',
    updated: 'Facture fournisseur mise à jour avec succès',
    createFailed: 'Erreur lors de la création de la facture fournisseur',
    updateFailed: 'Erreur lors de la mise à jour de la facture fournisseur',
    lines: 'Lignes de la facture',
  },
  credit_note: {
    create: 'Nouvel Avoir Fournisseur',
    edit: (number: string) => `Modifier l'avoir ${number}`,
    createLabel: "Créer l'avoir",
    reference: "N° de l'avoir reçu",
    created: 'Avoir fournisseur créé avec succès',
    updated: 'Avoir fournisseur mis à jour avec succès',
    createFailed: "Erreur lors de la création de l'avoir fournisseur",
    updateFailed: "Erreur lors de la mise à jour de l'avoir fournisseur",
    lines: "Lignes de l'avoir",
  },
} as const;

interface SupplierInvoiceDialogProps {
  invoice?: SupplierInvoicesListItem | undefined;
  /** A new record's kind (an edited one keeps its own). */
  kind?: SupplierInvoiceKind;
  onClose: () => void;
}

/**
 * An invoice the company received from a supplier, or a supplier's credit note: its lines (the
 * same editor as our invoices: désignation, unité, quantité, prix unitaire HT, TVA, and per line the
 * resource type and the project), HT, VAT per rate and TTC following what is typed, the rules
 * being the server's. A record made before lines keeps its TTC alone (« TVA non détaillée ») until
 * the person enters its lines. A credit note names the invoice it corrects among its supplier's.
 */
export function SupplierInvoiceDialog({
  invoice,
  kind: newKind = 'invoice',
  onClose,
}: SupplierInvoiceDialogProps) {
  const create = useCreateSupplierInvoice();
  const update = useUpdateSupplierInvoice();
  const kind = invoice?.kind ?? newKind;
  const text = texts[kind];
  const legacy = invoice !== undefined && invoice.vatDetailed === false;
  const [byLines, setByLines] = useState(!legacy);
  const [lines, setLines] = useState<SupplierLineDraft[]>(() =>
    invoice === undefined ? [emptySupplierLine()] : linesFromSupplierInvoice(invoice),
  );
  const [checked, setChecked] = useState(false);
  const validation = validateSupplierLines(lines);
  const totals = liveSupplierTotals(lines, invoice);

  const validate = (values: FormValues) => {
    const result = validateWith(supplierInvoiceCreateInput, {
      ...values,
      kind,
      supplierQuoteId: kind === 'invoice' ? values.supplierQuoteId : undefined,
      creditedInvoiceId: kind === 'credit_note' ? values.creditedInvoiceId : undefined,
      ...(byLines ? { lines: lines.map(supplierLineInput), totalAmount: undefined } : {}),
    });
    return byLines && validation.lines === undefined ? { ...result, data: undefined } : result;
  };

  const save = (data: SupplierInvoiceCreateData) =>
    invoice === undefined
      ? create.mutateAsync(data)
      : update.mutateAsync({
          id: invoice.id,
          data: {
            ...data,
            paidAmount: invoice.paidAmount,
            items: invoice.items,
            // A record without lines keeps what an import read while its total is the same.
            ...(!byLines && data.totalAmount === invoice.totalAmount
              ? { netAmount: invoice.netAmount, vatAmount: invoice.vatAmount }
              : {}),
            documentId: invoice.documentId,
            version: invoice.version,
          },
        });

  const projects = useProjectsList();
  const projectOptions = [
    { value: NONE, label: 'Projet de la facture' },
    ...(projects.data ?? []).map((project) => ({ value: project.id, label: project.name })),
  ];

  const linesPart = byLines ? (
    <>
      <InvoiceLinesEditor<SupplierLineDraft>
        title={text.lines}
        lines={lines}
        onChange={setLines}
        messages={checked ? validation.messages : []}
        listMessage={checked ? validation.listMessage : undefined}
        lineTotals={totals.lineTotals}
        noVat={false}
        defaultVatRate={defaultVatRate}
        newLine={() => emptySupplierLine()}
        extraFields={(line, change, id) => {
          const select = <V extends string>(
            name: 'resourceType' | 'projectId',
            label: string,
            props: SelectProps<V>,
          ) => (
            <div className={invoicingStyles.lineField}>
              <label htmlFor={id(name)} className={invoicingStyles.lineLabel}>
                {label}
              </label>
              <Select<V> size="large" id={id(name)} style={{ width: '100%' }} {...props} />
            </div>
          );
          return (
            <>
              {select<ResourceType>('resourceType', 'Type de ressource', {
                value: line.resourceType,
                options: resourceTypeOptions,
                allowClear: true,
                placeholder: 'Non précisé',
                onChange: (resourceType) => change({ resourceType: resourceType ?? undefined }),
              })}
              {select<string>('projectId', 'Projet de la ligne', {
                value: line.projectId,
                options: projectOptions,
                loading: projects.isPending,
                onChange: (projectId) => change({ projectId }),
              })}
            </>
          );
        }}
      />
      <SupplierInvoiceFigures
        label={kind === 'invoice' ? 'Totaux de la facture' : "Totaux de l'avoir"}
        figures={{
          vatDetailed: true,
          netAmount: totals.totalAmount,
          vatBreakdown: totals.vatBreakdown,
          vatAmount: totals.vatAmount,
          totalAmount: totals.totalWithVat,
          allowances: invoice?.allowances ?? [],
          charges: invoice?.charges ?? [],
        }}
      />
    </>
  ) : (
    <Alert
      type="info"
      showIcon
      style={{ marginTop: 8 }}
      title="TVA non détaillée"
      description={
        <>
          Seul le montant TTC de cette facture est connu (saisie antérieure aux lignes). Il reste compté tel
          quel dans les dépenses. Saisissez ses lignes pour en connaître le HT et la TVA.
          <br />
          <Button
            size="large"
            style={{ marginTop: 8 }}
            onClick={() => {
              setByLines(true);
              setLines([emptySupplierLine()]);
            }}
          >
            Saisir les lignes (HT et TVA)
          </Button>
        </>
      }
    />
  );

  return (
    <PurchaseDialog<FormValues, SupplierInvoiceCreateData>
      title={invoice === undefined ? text.create : text.edit(invoice.number)}
      editing={invoice !== undefined}
      createLabel={text.createLabel}
      texts={{
        created: { success: text.created, failure: text.createFailed },
        updated: { success: text.updated, failure: text.updateFailed },
      }}
      fields={fields}
      validate={validate}
      initialValues={initialValues(invoice)}
      save={save}
      busy={create.isPending || update.isPending}
      onChange={(changed, form) => {
        // Another supplier: the linked request and the credited invoice no longer fit.
        if ('supplierId' in changed) {
          form.setFieldValue('supplierQuoteId', NONE);
          form.setFieldValue('creditedInvoiceId', NONE);
        }
      }}
      onSubmit={() => setChecked(true)}
      after={linesPart}
      onClose={onClose}
    >
      <SupplierProjectFields />
      {kind === 'invoice' ? <LinkedRequestField /> : <CreditedInvoiceField current={invoice?.id} />}
      <TitleDescriptionFields titleRequired={false} />
      <Col xs={24} md={12}>
        {/* Not "N° fournisseur" as on the card: a label holding "Fournisseur" would read as the supplier field. */}
        <Form.Item name="supplierReference" label={text.reference}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="issueDate" label={kind === 'invoice' ? 'Date de facture' : "Date de l'avoir"}>
          <DateField iso />
        </Form.Item>
      </Col>
      {!byLines && (
        <Col xs={24} md={8}>
          <Form.Item name="totalAmount" label="Montant TTC (€)" required>
            <Input inputMode="decimal" placeholder="0,00" />
          </Form.Item>
        </Col>
      )}
      {kind === 'invoice' && (
        <Col xs={24} md={byLines ? 12 : 8}>
          <Form.Item name="dueDate" label="Échéance">
            <DateField iso />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} md={byLines ? 12 : 8}>
        <Form.Item name="status" label="Statut">
          <Select options={statusOptions} />
        </Form.Item>
      </Col>
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

/**
 * The invoice a credit note corrects: one of the chosen supplier's invoices (the API refuses
 * another's, a credit note, and more than what remains to credit on it).
 */
function CreditedInvoiceField({ current }: { current: string | undefined }) {
  const invoices = useSupplierInvoicesList();
  const supplierId = Form.useWatch<string | undefined>('supplierId');
  const options = [
    { value: NONE, label: 'Aucune (avoir à déduire plus tard)' },
    ...(invoices.data ?? [])
      .filter(
        (invoice) =>
          invoice.kind !== 'credit_note' && invoice.supplierId === supplierId && invoice.id !== current,
      )
      .map((invoice) => ({
        value: invoice.id,
        label: `${invoice.number}${invoice.supplierReference ? ` · n° ${invoice.supplierReference}` : ''}`,
      })),
  ];
  return (
    <Col xs={24}>
      <Form.Item
        name="creditedInvoiceId"
        label="Facture corrigée"
        extra="L'avoir est déduit de ce qui reste à payer sur cette facture."
      >
        <Select options={options} loading={invoices.isPending} showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
    </Col>
  );
}
