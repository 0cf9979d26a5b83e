import {
  adminCompanyUpdateInput,
  type AdminCompanyUpdateData,
  type AdminCompanyUpdateInput,
} from '@btp/shared/entities/admin';
import {
  companyStatuses,
  companyStatusLabels,
  subscriptionPlanLabels,
  subscriptionPlans,
  type CompanyStatus,
  type SubscriptionPlan,
} from '@btp/shared/enums';
import { Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

import { DateField } from '../../../components/date-field';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { useZodForm, validateWith } from '../../../lib/zod-form';
import type { AdminCompany } from '../api/get-company-stats';
import { useUpdateAdminCompany } from '../api/update-admin-company';

interface CompanyFormValues {
  subscriptionPlan: SubscriptionPlan;
  subscriptionEndDate: Dayjs | null;
  subscriptionAutoRenew: boolean;
  maxUsers: number | null;
  status: CompanyStatus;
  notes: string;
}

const fields = [
  'subscriptionPlan',
  'subscriptionEndDate',
  'subscriptionAutoRenew',
  'maxUsers',
  'status',
  'notes',
] as const;

function initialValues(company: AdminCompany): CompanyFormValues {
  return {
    subscriptionPlan: company.subscriptionPlan,
    subscriptionEndDate: company.subscriptionEndDate ? dayjs(company.subscriptionEndDate) : null,
    subscriptionAutoRenew: company.subscriptionAutoRenew ?? true,
    maxUsers: company.maxUsers ?? null,
    status: company.status,
    notes: company.notes ?? '',
  };
}

/** The form's values as the company admin schema reads them. */
function toInput(company: AdminCompany, values: CompanyFormValues): AdminCompanyUpdateInput {
  return {
    subscriptionPlan: values.subscriptionPlan,
    subscriptionEndDate: values.subscriptionEndDate?.format('YYYY-MM-DD') ?? null,
    subscriptionAutoRenew: values.subscriptionAutoRenew,
    // An empty limit is refused when the company had one; unknown and left empty, it is not sent.
    maxUsers: values.maxUsers ?? (company.maxUsers === undefined ? undefined : ''),
    status: values.status,
    notes: values.notes,
  };
}

/** Only the fields whose value differs from the company's; a cleared date or note is `null`. */
export function changedCompanyFields(
  company: AdminCompany,
  data: AdminCompanyUpdateData,
): AdminCompanyUpdateData {
  const changes: AdminCompanyUpdateData = {};
  if (data.subscriptionPlan !== undefined && data.subscriptionPlan !== company.subscriptionPlan) {
    changes.subscriptionPlan = data.subscriptionPlan;
  }
  if (
    data.subscriptionEndDate !== undefined &&
    data.subscriptionEndDate !== (company.subscriptionEndDate ?? null)
  ) {
    changes.subscriptionEndDate = data.subscriptionEndDate;
  }
  if (
    data.subscriptionAutoRenew !== undefined &&
    data.subscriptionAutoRenew !== (company.subscriptionAutoRenew ?? true)
  ) {
    changes.subscriptionAutoRenew = data.subscriptionAutoRenew;
  }
  if (data.maxUsers !== undefined && data.maxUsers !== company.maxUsers) changes.maxUsers = data.maxUsers;
  if (data.status !== undefined && data.status !== company.status) changes.status = data.status;
  if (data.notes !== undefined && data.notes !== (company.notes ?? null)) changes.notes = data.notes;
  return changes;
}

interface CompanyDialogProps {
  company: AdminCompany;
  onClose: () => void;
}

/** Subscription, user limit, status and notes of a company (spec section 5, company admin schema). */
export function CompanyDialog({ company, onClose }: CompanyDialogProps) {
  const { toast } = useToast();
  const update = useUpdateAdminCompany();
  const { form, handleFinish, handleValuesChange } = useZodForm<CompanyFormValues, AdminCompanyUpdateData>(
    fields,
    (values) => validateWith(adminCompanyUpdateInput, toInput(company, values)),
  );

  const save = async (data: AdminCompanyUpdateData) => {
    const changes = changedCompanyFields(company, data);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    try {
      await update.mutateAsync({ id: company.id, changes });
      toast({ title: 'Succès', description: 'Entreprise mise à jour avec succès' });
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description: serverMessage(error) ?? "Erreur lors de la mise à jour de l'entreprise",
        error,
      });
    }
  };

  return (
    <ResponsiveModal
      open
      title="Modifier l'entreprise"
      okText="Enregistrer"
      cancelText="Annuler"
      okButtonProps={{ size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        <Typography.Text strong>{company.name}</Typography.Text>
        {company.email !== undefined && (
          <>
            <br />
            <Typography.Text type="secondary">{company.email}</Typography.Text>
          </>
        )}
      </Typography.Paragraph>
      <Form<CompanyFormValues>
        id="admin-company-form"
        form={form}
        layout="vertical"
        size="large"
        initialValues={initialValues(company)}
        onFinish={handleFinish((data) => void save(data))}
        onValuesChange={handleValuesChange}
      >
        <Form.Item name="subscriptionPlan" label="Abonnement">
          <Select
            options={subscriptionPlans.map((plan) => ({ value: plan, label: subscriptionPlanLabels[plan] }))}
          />
        </Form.Item>
        <Form.Item name="subscriptionEndDate" label="Fin d'abonnement">
          <DateField placeholder="Aucune" />
        </Form.Item>
        <Form.Item name="subscriptionAutoRenew" label="Renouvellement automatique" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="maxUsers" label="Nombre maximal d'utilisateurs">
          <InputNumber min={1} max={1000} precision={0} step={1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="status" label="Statut">
          <Select
            options={companyStatuses.map((status) => ({ value: status, label: companyStatusLabels[status] }))}
          />
        </Form.Item>
        <Form.Item name="notes" label="Notes" style={{ marginBottom: 0 }}>
          <Input.TextArea rows={3} maxLength={10_000} />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}
