import {
  progressReportUpdateInput,
  type ProgressReportListItem,
  type ProgressReportUpdateData,
} from '@btp/shared/entities/progress-report';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';

import { useCreateProgressReport } from '../../../api/progress-reports/create-progress-report';
import { useUpdateProgressReport } from '../../../api/progress-reports/update-progress-report';
import { useProjectsList } from '../../../api/projects/list-projects';
import { useRecordOptions } from '../../../components/record-options';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useToast } from '../../../components/toast';
import { serverMessage } from '../../../lib/api';
import { useZodForm, validateWith } from '../../../lib/zod-form';

export interface ReportFormValues {
  projectId?: string;
  title: string;
  progressPercentage: number | null;
  description: string;
  workCompleted: string;
  nextSteps: string;
  totalPlanned: string;
  totalRealized: string;
}

const fields = [
  'projectId',
  'title',
  'progressPercentage',
  'description',
  'workCompleted',
  'nextSteps',
  'totalPlanned',
  'totalRealized',
] as const;

/** An API amount ("12000.00") as a French reader types it ("12000,00"). */
function amountText(value: string | undefined): string {
  return value === undefined ? '' : value.replace('.', ',');
}

function initialValues(report: ProgressReportListItem | undefined): ReportFormValues {
  return {
    projectId: report?.projectId,
    title: report?.title ?? '',
    progressPercentage: report?.progressPercentage ?? null,
    description: report?.description ?? '',
    workCompleted: report?.workCompleted ?? '',
    nextSteps: report?.nextSteps ?? '',
    totalPlanned: amountText(report?.totalPlanned),
    totalRealized: amountText(report?.totalRealized),
  };
}

/**
 * The form's values checked by the shared schema; the `version` read goes with an edit. The schema
 * has no status: an edit never sends one, a creation gets `pending` from its API call.
 */
export function validateReport(values: ReportFormValues, version?: number) {
  return validateWith(progressReportUpdateInput, {
    ...values,
    progressPercentage: values.progressPercentage ?? '',
    version,
  });
}

interface ProgressReportDialogProps {
  /** The report to edit; a new one when absent. */
  report?: ProgressReportListItem;
  onClose: () => void;
  /** After a successful write, with the report the server answered. */
  onSaved: (report: ProgressReportListItem) => void;
}

/** Spec section 2 "Suivi Travaux": the create/edit form of a progress report. */
export function ProgressReportDialog({ report, onClose, onSaved }: ProgressReportDialogProps) {
  const { toast } = useToast();
  const projects = useProjectsList();
  const create = useCreateProgressReport();
  const update = useUpdateProgressReport();
  const editing = report !== undefined;
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    ReportFormValues,
    ProgressReportUpdateData
  >(fields, (values) => validateReport(values, report?.version));

  // A project past the first 1,000 is found by the server's search as the person types.
  const projectSearch = useRecordOptions(
    useProjectsList,
    (project) => ({
      value: project.id,
      label: project.client ? `${project.name} — ${project.client.name}` : project.name,
    }),
    Form.useWatch('projectId', form) as string | undefined,
  );

  const save = async (data: ProgressReportUpdateData) => {
    try {
      if (report === undefined) {
        const { version: _unused, ...fieldsOnly } = data;
        onSaved(await create.mutateAsync(fieldsOnly));
        toast({ title: 'Succès', description: 'État créé avec succès' });
      } else {
        onSaved(await update.mutateAsync({ id: report.id, data }));
        toast({ title: 'Succès', description: 'État mis à jour avec succès' });
      }
      onClose();
    } catch (error) {
      showServerErrors(error);
      toast({
        variant: 'destructive',
        title: 'Erreur',
        description:
          serverMessage(error) ??
          (editing ? "Erreur lors de la mise à jour de l'état" : "Erreur lors de la création de l'état"),
        error,
      });
    }
  };

  const projectOptions = projectSearch.options;
  // A report whose project is gone still shows what it was attached to.
  if (report?.project && !projectOptions.some((option) => option.value === report.projectId)) {
    projectOptions.push({ value: report.projectId, label: report.project.name });
  }

  return (
    <ResponsiveModal
      open
      title={editing ? "Modifier l'état d'avancement" : "Nouvel État d'Avancement"}
      okText={editing ? 'Enregistrer' : "Créer l'état"}
      cancelText="Annuler"
      okButtonProps={{ size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ReportFormValues>
        form={form}
        layout="vertical"
        size="large"
        initialValues={initialValues(report)}
        onFinish={handleFinish((data) => void save(data))}
        onValuesChange={handleValuesChange}
      >
        <Form.Item name="projectId" label="Projet" required>
          <Select
            showSearch={projectSearch.searchProps}
            onOpenChange={projectSearch.onOpenChange}
            onSelect={projectSearch.onSelect}
            placeholder="Choisissez un projet"
            loading={projectSearch.loading}
            options={projectOptions}
            notFoundContent={projects.isPending ? 'Chargement...' : 'Aucun projet'}
          />
        </Form.Item>
        <Form.Item name="title" label="Titre" required>
          <Input maxLength={2_000} placeholder="Ex. : Gros œuvre — semaine 12" />
        </Form.Item>
        <Form.Item name="progressPercentage" label="Avancement (%)" required>
          <InputNumber min={0} max={100} precision={0} step={1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input.TextArea rows={3} maxLength={10_000} />
        </Form.Item>
        <Form.Item name="workCompleted" label="Travaux réalisés">
          <Input.TextArea rows={3} maxLength={10_000} />
        </Form.Item>
        <Form.Item name="nextSteps" label="Prochaines étapes">
          <Input.TextArea rows={3} maxLength={10_000} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="totalPlanned" label="Total prévu (€)">
              <Input inputMode="decimal" placeholder="0,00" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="totalRealized" label="Total réalisé (€)">
              <Input inputMode="decimal" placeholder="0,00" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </ResponsiveModal>
  );
}
