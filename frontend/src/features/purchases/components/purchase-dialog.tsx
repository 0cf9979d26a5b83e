import { Col, Form, Input, Row, Select, type FormInstance } from 'antd';
import { useId, type ReactNode } from 'react';

import { useSuppliersList } from '../../../api/suppliers/list-suppliers';
import { useRecordOptions } from '../../../components/record-options';
import { useActionToasts, type ActionTexts } from '../../../components/action-toasts';
import { ProjectField } from '../../../components/client-project-fields';
import { DateField } from '../../../components/date-field';
import { DescriptionField } from '../../../components/record-form';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useZodForm, type FormValidation } from '../../../lib/zod-form';
import { amountForInput, NONE } from './purchase-values';

/** What both purchase forms hold: decimals as typed, dates as "2026-12-15", NONE for no project. */
export interface PurchaseFormValues {
  supplierId?: string | undefined;
  projectId: string;
  title: string;
  description: string;
  totalAmount: string;
  status: string;
}

/** A stored purchase record (a price request, a supplier invoice), as its form starts from it. */
interface StoredPurchase {
  supplierId: string;
  projectId?: string | undefined;
  title?: string | undefined;
  description?: string | undefined;
  totalAmount: string;
  status: string;
}

/** The shared values of a new record's form (a draft, no supplier, no project), or of a stored one's. */
export function purchaseFormValues(record: StoredPurchase | undefined): PurchaseFormValues {
  if (record === undefined) {
    return { projectId: NONE, title: '', description: '', totalAmount: '', status: 'draft' };
  }
  return {
    supplierId: record.supplierId,
    projectId: record.projectId ?? NONE,
    title: record.title ?? '',
    description: record.description ?? '',
    totalAmount: amountForInput(record.totalAmount),
    status: record.status,
  };
}

/** The toasts after saving, when creating and when updating. */
interface SaveTexts {
  created: ActionTexts;
  updated: ActionTexts;
}

interface PurchaseDialogProps<Values extends PurchaseFormValues, Output> {
  title: string;
  /** Whether a record is edited ('Enregistrer') rather than created (`createLabel`, then 'Création...'). */
  editing: boolean;
  createLabel: string;
  texts: SaveTexts;
  /** The fields the form validates, in order (where the messages land). */
  fields: readonly (keyof Values & string)[];
  validate: (values: Values) => FormValidation<Output>;
  initialValues: Values;
  /** Creates or updates the record with the form's payload. */
  save: (data: Output) => Promise<unknown>;
  busy: boolean;
  /** Called on each change before the messages follow it (e.g. to clear a field another one governs). */
  onChange?: (changed: Partial<Values>, form: FormInstance<Values>) => void;
  /** Shown above the form. */
  notice?: ReactNode;
  /** Shown under the form (a supplier invoice's lines and totals). */
  after?: ReactNode;
  /** Called when the person submits, before the form's checks (to show the lines' messages too). */
  onSubmit?: () => void;
  onClose: () => void;
  /** The fields, as columns of the form's `<Row>`. */
  children: ReactNode;
}

/**
 * The dialog of a purchase record (a price request, a supplier invoice): its form validated with the
 * shared schema, the modal's buttons submitting it, the toasts of the save; a refusal's field
 * messages land on the fields and the dialog stays open. Render it while open, unmount it to close it.
 */
export function PurchaseDialog<Values extends PurchaseFormValues, Output>({
  title,
  editing,
  createLabel,
  texts,
  fields,
  validate,
  initialValues,
  save,
  busy,
  onChange,
  notice,
  after,
  onSubmit,
  onClose,
  children,
}: PurchaseDialogProps<Values, Output>) {
  // The dialog's OK button, outside the form, submits it by its id.
  const formId = useId();
  const notify = useActionToasts();
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<Values, Output>(
    fields,
    validate,
  );

  const submit = async (data: Output) => {
    try {
      await notify(() => save(data), editing ? texts.updated : texts.created);
      onClose();
    } catch (error) {
      showServerErrors(error);
    }
  };

  return (
    <ResponsiveModal
      open
      title={title}
      width={720}
      okText={editing ? 'Enregistrer' : busy ? 'Création...' : createLabel}
      cancelText="Annuler"
      okButtonProps={{ size: 'large', htmlType: 'submit', form: formId }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={busy}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
    >
      {notice}
      <Form<Values>
        id={formId}
        form={form}
        layout="vertical"
        size="large"
        initialValues={initialValues}
        onFinish={(values) => {
          onSubmit?.();
          handleFinish((data) => void submit(data))(values);
        }}
        onValuesChange={(changed: Partial<Values>, values: Values) => {
          onChange?.(changed, form);
          handleValuesChange(changed, values);
        }}
      >
        <Row gutter={16}>{children}</Row>
      </Form>
      {after}
    </ResponsiveModal>
  );
}

/** The supplier (required) and the project ('Aucun projet' by default), side by side on a desktop. */
export function SupplierProjectFields({ supplierNotFound }: { supplierNotFound?: string }) {
  const form = Form.useFormInstance();
  const value = Form.useWatch('supplierId', form) as string | undefined;
  // A supplier past the first 1,000 is found by the server's search as the person types.
  const search = useRecordOptions(
    useSuppliersList,
    (supplier) => ({ value: supplier.id, label: supplier.name }),
    value,
  );
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="supplierId" label="Fournisseur" required>
          <Select
            showSearch={search.searchProps}
            onOpenChange={search.onOpenChange}
            onSelect={search.onSelect}
            options={search.options}
            placeholder="Choisir un fournisseur"
            loading={search.loading}
            notFoundContent={supplierNotFound}
          />
        </Form.Item>
      </Col>
      <ProjectField />
    </>
  );
}

/** The title and the description, full width. */
export function TitleDescriptionFields({ titleRequired }: { titleRequired: boolean }) {
  return (
    <>
      <Col xs={24}>
        <Form.Item name="title" label="Titre" required={titleRequired}>
          <Input />
        </Form.Item>
      </Col>
      <DescriptionField />
    </>
  );
}

interface AmountDateStatusFieldsProps {
  amountRequired: boolean;
  /** The date field: the request's validity or the invoice's due date. */
  dateName: string;
  dateLabel: string;
  statusOptions: { value: string; label: string }[];
}

/** The amount in euros, a date and the status, on one row on a desktop. */
export function AmountDateStatusFields({
  amountRequired,
  dateName,
  dateLabel,
  statusOptions,
}: AmountDateStatusFieldsProps) {
  return (
    <>
      <Col xs={24} md={8}>
        <Form.Item name="totalAmount" label="Montant (€)" required={amountRequired}>
          <Input inputMode="decimal" placeholder="0,00" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name={dateName} label={dateLabel}>
          <DateField iso />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="status" label="Statut">
          <Select options={statusOptions} />
        </Form.Item>
      </Col>
    </>
  );
}
