import {
  supplierInvoiceCreateInput,
  type SupplierInvoiceCreateData,
  type SupplierInvoiceCreateInput,
} from '@btp/shared/entities/supplier-invoice';
import { invoiceStatusLabels, type InvoiceStatus } from '@btp/shared/enums';
import { Col, Form, Input, Row, Select } from 'antd';

import { useProjectsList } from '../../../api/projects/list-projects';
import { useCreateSupplierInvoice } from '../../../api/supplier-invoices/create-supplier-invoice';
import type { SupplierInvoicesListItem } from '../../../api/supplier-invoices/list-supplier-invoices';
import { useUpdateSupplierInvoice } from '../../../api/supplier-invoices/update-supplier-invoice';
import { useSupplierQuotesList } from '../../../api/supplier-quotes/list-supplier-quotes';
import { useSuppliersList } from '../../../api/suppliers/list-suppliers';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { useZodForm, validateWith } from '../../../lib/zod-form';
import { amountForInput, NONE } from './purchase-values';

const fields = [
  'supplierId',
  'projectId',
  'supplierQuoteId',
  'title',
  'description',
  'totalAmount',
  'dueDate',
  'status',
] as const;

type FormValues = Pick<
  SupplierInvoiceCreateInput,
  'title' | 'description' | 'totalAmount' | 'dueDate' | 'status'
> & {
  supplierId?: string;
  projectId?: string;
  supplierQuoteId?: string;
};

/** 'En retard' is read from the due date, never chosen (shared/invoice-status.ts). */
const chosenStatuses: InvoiceStatus[] = ['draft', 'sent', 'paid', 'cancelled'];
const statusOptions = chosenStatuses.map((value) => ({ value, label: invoiceStatusLabels[value] }));

function validate(values: FormValues) {
  return validateWith(supplierInvoiceCreateInput, values);
}

function initialValues(invoice: SupplierInvoicesListItem | undefined): FormValues {
  if (invoice === undefined) {
    return {
      supplierId: undefined,
      projectId: NONE,
      supplierQuoteId: NONE,
      title: '',
      description: '',
      totalAmount: '',
      dueDate: '',
      status: 'draft',
    };
  }
  return {
    supplierId: invoice.supplierId,
    projectId: invoice.projectId ?? NONE,
    supplierQuoteId: invoice.supplierQuoteId ?? NONE,
    title: invoice.title ?? '',
    description: invoice.description ?? '',
    totalAmount: amountForInput(invoice.totalAmount),
    dueDate: invoice.dueDate ?? '',
    status: invoice.status === 'overdue' ? 'sent' : invoice.status,
  };
}

interface SupplierInvoiceDialogProps {
  invoice?: SupplierInvoicesListItem | undefined;
  onClose: () => void;
}

/** An invoice the company received from a supplier, possibly for one of its orders. */
export function SupplierInvoiceDialog({ invoice, onClose }: SupplierInvoiceDialogProps) {
  const { toast } = useToast();
  const suppliers = useSuppliersList();
  const projects = useProjectsList();
  const requests = useSupplierQuotesList();
  const create = useCreateSupplierInvoice();
  const update = useUpdateSupplierInvoice();
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    FormValues,
    SupplierInvoiceCreateData
  >(fields, validate);
  const supplierId = Form.useWatch('supplierId', form) as string | undefined;
  const busy = create.isPending || update.isPending;

  const save = async (data: SupplierInvoiceCreateData) => {
    try {
      if (invoice === undefined) {
        await create.mutateAsync(data);
        toast({ title: 'Succès', description: 'Facture fournisseur créée avec succès' });
      } else {
        await update.mutateAsync({
          id: invoice.id,
          data: { ...data, paidAmount: invoice.paidAmount, items: invoice.items, version: invoice.version },
        });
        toast({ title: 'Succès', description: 'Facture fournisseur mise à jour avec succès' });
      }
      onClose();
    } catch (error) {
      showServerErrors(error);
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description:
          serverMessage(error) ??
          (invoice === undefined
            ? 'Erreur lors de la création de la facture fournisseur'
            : 'Erreur lors de la mise à jour de la facture fournisseur'),
      });
    }
  };

  const supplierOptions = (suppliers.data ?? []).map((supplier) => ({
    value: supplier.id,
    label: supplier.name,
  }));
  const projectOptions = [
    { value: NONE, label: 'Aucun projet' },
    ...(projects.data ?? []).map((project) => ({ value: project.id, label: project.name })),
  ];
  // A request of the same supplier only (the API refuses another supplier's).
  const requestOptions = [
    { value: NONE, label: 'Aucune' },
    ...(requests.data ?? [])
      .filter((request) => request.supplierId === supplierId)
      .map((request) => ({ value: request.id, label: `${request.number} · ${request.title}` })),
  ];

  return (
    <ResponsiveModal
      open
      title={invoice === undefined ? 'Nouvelle Facture Fournisseur' : `Modifier la facture ${invoice.number}`}
      width={720}
      okText={invoice === undefined ? (busy ? 'Création...' : 'Créer la facture') : 'Enregistrer'}
      cancelText="Annuler"
      okButtonProps={{ size: 'large', htmlType: 'submit', form: 'supplier-invoice-form' }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={busy}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
    >
      <Form<FormValues>
        id="supplier-invoice-form"
        form={form}
        layout="vertical"
        size="large"
        initialValues={initialValues(invoice)}
        onFinish={handleFinish((data) => void save(data))}
        onValuesChange={(changed: Partial<FormValues>, values: FormValues) => {
          // Another supplier: the linked request no longer fits.
          if ('supplierId' in changed) form.setFieldValue('supplierQuoteId', NONE);
          handleValuesChange(changed, values);
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="supplierId" label="Fournisseur" required>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={supplierOptions}
                placeholder="Choisir un fournisseur"
                loading={suppliers.isPending}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="projectId" label="Projet">
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={projectOptions}
                loading={projects.isPending}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="supplierQuoteId" label="Demande de prix liée">
              <Select options={requestOptions} loading={requests.isPending} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="title" label="Titre">
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="description" label="Description">
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="totalAmount" label="Montant (€)" required>
              <Input inputMode="decimal" placeholder="0,00" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="dueDate" label="Échéance">
              <Input type="date" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="status" label="Statut">
              <Select options={statusOptions} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </ResponsiveModal>
  );
}
