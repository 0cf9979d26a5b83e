import {
  supplierQuoteCreateInput,
  type SupplierQuoteCreateData,
  type SupplierQuoteCreateInput,
} from '@btp/shared/entities/supplier-quote';
import { quoteStatuses, supplierQuoteStatusLabels } from '@btp/shared/enums';
import { Alert, Col, Form, Input, Row, Select } from 'antd';

import { useProjectsList } from '../../../api/projects/list-projects';
import { useCreateSupplierQuote } from '../../../api/supplier-quotes/create-supplier-quote';
import type { SupplierQuotesListItem } from '../../../api/supplier-quotes/list-supplier-quotes';
import { useUpdateSupplierQuote } from '../../../api/supplier-quotes/update-supplier-quote';
import { useSuppliersList } from '../../../api/suppliers/list-suppliers';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { useZodForm, validateWith } from '../../../lib/zod-form';
import { amountForInput, NONE } from './purchase-values';

const fields = [
  'supplierId',
  'projectId',
  'title',
  'description',
  'totalAmount',
  'validUntil',
  'status',
] as const;

type FormValues = Pick<
  SupplierQuoteCreateInput,
  'title' | 'description' | 'totalAmount' | 'validUntil' | 'status'
> & {
  supplierId?: string;
  projectId?: string;
};

function validate(values: FormValues) {
  return validateWith(supplierQuoteCreateInput, values);
}

function initialValues(request: SupplierQuotesListItem | undefined): FormValues {
  if (request === undefined) {
    return {
      supplierId: undefined,
      projectId: NONE,
      title: '',
      description: '',
      totalAmount: '',
      validUntil: '',
      status: 'draft',
    };
  }
  return {
    supplierId: request.supplierId,
    projectId: request.projectId ?? NONE,
    title: request.title,
    description: request.description ?? '',
    totalAmount: amountForInput(request.totalAmount),
    validUntil: request.validUntil ?? '',
    status: request.status,
  };
}

const statusOptions = quoteStatuses.map((value) => ({ value, label: supplierQuoteStatusLabels[value] }));

interface SupplierQuoteDialogProps {
  /** The request to edit; none for a new one. */
  request?: SupplierQuotesListItem | undefined;
  onClose: () => void;
}

/** A supplier price request: what was asked of whom for which project, and what the supplier answered. */
export function SupplierQuoteDialog({ request, onClose }: SupplierQuoteDialogProps) {
  const { toast } = useToast();
  const suppliers = useSuppliersList();
  const projects = useProjectsList();
  const create = useCreateSupplierQuote();
  const update = useUpdateSupplierQuote();
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    FormValues,
    SupplierQuoteCreateData
  >(fields, validate);
  const busy = create.isPending || update.isPending;

  const save = async (data: SupplierQuoteCreateData) => {
    try {
      if (request === undefined) {
        await create.mutateAsync(data);
        toast({ title: 'Succès', description: 'Demande de prix créée avec succès' });
      } else {
        // Fields the form does not show keep their stored values.
        await update.mutateAsync({
          id: request.id,
          data: { ...data, items: request.items, version: request.version },
        });
        toast({ title: 'Succès', description: 'Demande de prix mise à jour avec succès' });
      }
      onClose();
    } catch (error) {
      showServerErrors(error);
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description:
          serverMessage(error) ??
          (request === undefined
            ? 'Erreur lors de la création de la demande de prix'
            : 'Erreur lors de la mise à jour de la demande de prix'),
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
  const title = request === undefined ? 'Nouvelle Demande de Prix' : `Modifier la demande ${request.number}`;
  const okText = request === undefined ? (busy ? 'Création...' : 'Créer la demande') : 'Enregistrer';

  return (
    <ResponsiveModal
      open
      title={title}
      width={720}
      okText={okText}
      cancelText="Annuler"
      okButtonProps={{ size: 'large', htmlType: 'submit', form: 'supplier-quote-form' }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={busy}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
    >
      {request?.selected === true && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Cette demande est la sélectionnée de son projet : elle ne le sera plus si elle quitte le statut « Reçu » ou ce projet."
        />
      )}
      <Form<FormValues>
        id="supplier-quote-form"
        form={form}
        layout="vertical"
        size="large"
        initialValues={initialValues(request)}
        onFinish={handleFinish((data) => void save(data))}
        onValuesChange={handleValuesChange}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="supplierId" label="Fournisseur" required>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={supplierOptions}
                placeholder="Choisir un fournisseur"
                loading={suppliers.isPending}
                notFoundContent="Aucun fournisseur : créez-en un dans l'écran Fournisseurs."
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
            <Form.Item name="title" label="Titre" required>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="description" label="Description">
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="totalAmount" label="Montant (€)">
              <Input inputMode="decimal" placeholder="0,00" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="validUntil" label="Valide jusqu'au">
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
