import {
  invoiceUpdateInput,
  type InvoiceListItem,
  type InvoiceUpdateData,
} from '@btp/shared/entities/invoice';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

import { useClientsList } from '../../../api/clients/list-clients';
import { useCreateInvoice } from '../../../api/invoices/create-invoice';
import { useUpdateInvoice } from '../../../api/invoices/update-invoice';
import { useProjectsList } from '../../../api/projects/list-projects';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { useZodForm, validateWith } from '../../../lib/zod-form';

/** The "no project" choice; the shared schema reads it as absent. */
export const NO_PROJECT = 'none';

export interface InvoiceFormValues {
  clientId?: string;
  projectId: string;
  title: string;
  totalAmount: string;
  dueDate: Dayjs | null;
  description: string;
}

const fields = ['clientId', 'projectId', 'title', 'totalAmount', 'dueDate', 'description'] as const;

function initialValues(invoice: InvoiceListItem | undefined): InvoiceFormValues {
  return {
    clientId: invoice?.clientId,
    projectId: invoice?.projectId ?? NO_PROJECT,
    title: invoice?.title ?? '',
    totalAmount: invoice === undefined ? '' : invoice.totalAmount.replace('.', ','),
    dueDate: invoice?.dueDate ? dayjs(invoice.dueDate) : null,
    description: invoice?.description ?? '',
  };
}

/**
 * The form's values checked by the shared schema. An edit sends the whole record back (PUT replaces
 * it): the quote and the lines it was made from are kept, with the `version` read.
 */
export function validateInvoice(values: InvoiceFormValues, invoice?: InvoiceListItem) {
  return validateWith(invoiceUpdateInput, {
    clientId: values.clientId ?? '',
    projectId: values.projectId,
    title: values.title,
    totalAmount: values.totalAmount,
    dueDate: values.dueDate?.format('YYYY-MM-DD') ?? '',
    description: values.description,
    ...(invoice === undefined
      ? {}
      : { quoteId: invoice.quoteId, items: invoice.items, version: invoice.version }),
  });
}

interface InvoiceDialogProps {
  /** The draft to edit; a new invoice when absent. */
  invoice?: InvoiceListItem;
  onClose: () => void;
  onSaved: (invoice: InvoiceListItem) => void;
}

/** A real creation dialog where the spec shows a placeholder: client, project, title, amount, due date. */
export function InvoiceDialog({ invoice, onClose, onSaved }: InvoiceDialogProps) {
  const { toast } = useToast();
  const clients = useClientsList();
  const projects = useProjectsList();
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const editing = invoice !== undefined;
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    InvoiceFormValues,
    InvoiceUpdateData
  >(fields, (values) => validateInvoice(values, invoice));
  const clientId = Form.useWatch('clientId', form) ?? invoice?.clientId;

  const save = async (data: InvoiceUpdateData) => {
    try {
      // The paid amount moves only through 'Marquer payée'; the server ignores it here.
      const { version, paidAmount: _paid, ...body } = data;
      if (invoice === undefined) {
        onSaved(await create.mutateAsync(body));
        toast({ title: 'Succès', description: 'Facture créée avec succès' });
      } else {
        onSaved(await update.mutateAsync({ id: invoice.id, data: { ...body, version } }));
        toast({ title: 'Succès', description: 'Facture mise à jour avec succès' });
      }
      onClose();
    } catch (error) {
      showServerErrors(error);
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description:
          serverMessage(error) ??
          (editing
            ? 'Erreur lors de la mise à jour de la facture'
            : 'Erreur lors de la création de la facture'),
        error,
      });
    }
  };

  const clientOptions = (clients.data ?? []).map((client) => ({ value: client.id, label: client.name }));
  if (invoice?.client && !clientOptions.some((option) => option.value === invoice.clientId)) {
    clientOptions.push({ value: invoice.clientId, label: invoice.client.name });
  }
  // Only the chosen client's projects: the API refuses a project of another client.
  const projectOptions = [
    { value: NO_PROJECT, label: 'Aucun projet' },
    ...(projects.data ?? [])
      .filter((project) => clientId !== undefined && project.clientId === clientId)
      .map((project) => ({ value: project.id, label: project.name })),
  ];

  return (
    <ResponsiveModal
      open
      title={editing ? 'Modifier la facture' : 'Nouvelle Facture'}
      okText={editing ? 'Enregistrer' : 'Créer la facture'}
      cancelText="Annuler"
      okButtonProps={{ size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<InvoiceFormValues>
        form={form}
        layout="vertical"
        size="large"
        initialValues={initialValues(invoice)}
        onFinish={handleFinish((data) => void save(data))}
        onValuesChange={(changed: Partial<InvoiceFormValues>, values) => {
          // Another client: the project chosen belonged to the previous one.
          if ('clientId' in changed) {
            form.setFieldValue('projectId', NO_PROJECT);
            handleValuesChange(changed, { ...values, projectId: NO_PROJECT });
          } else {
            handleValuesChange(changed, values);
          }
        }}
      >
        <Form.Item name="clientId" label="Client" required>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Choisissez un client"
            loading={clients.isPending}
            options={clientOptions}
            notFoundContent={clients.isPending ? 'Chargement...' : 'Aucun client'}
          />
        </Form.Item>
        <Form.Item name="projectId" label="Projet">
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={projects.isPending}
            options={projectOptions}
          />
        </Form.Item>
        <Form.Item name="title" label="Titre" required>
          <Input maxLength={2_000} placeholder="Ex. : Situation n°1" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="totalAmount" label="Montant total (€)" required>
              <Input inputMode="decimal" placeholder="0,00" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="dueDate" label="Échéance">
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} placeholder="Non définie" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label="Description" style={{ marginBottom: 0 }}>
          <Input.TextArea rows={3} maxLength={10_000} />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}
