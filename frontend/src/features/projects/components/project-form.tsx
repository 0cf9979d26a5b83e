// antd's CSS for the screens past /login, extracted at build time (antd-static-css.ts).
import 'virtual:antd-css/app.css';
import {
  projectCreateInput,
  type ProjectCreateData,
  type ProjectCreateInput,
} from '@btp/shared/entities/project';
import { defaultProjectStatus, projectStatuses, projectStatusLabels } from '@btp/shared/enums';
import { Col, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

import type { ProjectsListItem } from '../../../api/projects/list-projects';
import { ClientField } from '../../../components/client-project-fields';
import { DateField } from '../../../components/date-field';
import { DecimalInput } from '../../../components/decimal-input';
import {
  DescriptionField,
  NotesField,
  RecordForm,
  type RecordFormProps,
} from '../../../components/record-form';
import { validateWith, type FieldMessages } from '../../../lib/zod-form';

const fields = [
  'name',
  'clientId',
  'description',
  'status',
  'startDate',
  'endDate',
  'estimatedBudget',
  'actualBudget',
  'progress',
  'location',
  'notes',
] as const;

/** What the form holds: dates as dayjs values of the date pickers, decimals as the text typed. */
export interface ProjectFormValues {
  name?: string;
  clientId?: string;
  description?: string;
  status?: string;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  estimatedBudget?: string | null;
  actualBudget?: string | null;
  progress?: string | number | null;
  location?: string;
  notes?: string;
}

const DATE_FORMAT = 'YYYY-MM-DD';
const END_BEFORE_START = 'La date de fin ne peut pas précéder la date de début';

/** The form's values as the API body: dates "2026-11-22", blank values left for the schema. */
export function projectInput(values: ProjectFormValues): ProjectCreateInput {
  return {
    ...values,
    name: values.name ?? '',
    clientId: values.clientId ?? '',
    status: values.status as ProjectCreateInput['status'],
    startDate: values.startDate ? values.startDate.format(DATE_FORMAT) : undefined,
    endDate: values.endDate ? values.endDate.format(DATE_FORMAT) : undefined,
  };
}

/** Spec section 5 and the API's rules: the shared schema, and no end date before the start date. */
export function validateProject(values: ProjectFormValues) {
  const input = projectInput(values);
  const extra: FieldMessages =
    typeof input.startDate === 'string' &&
    typeof input.endDate === 'string' &&
    input.endDate < input.startDate
      ? { endDate: END_BEFORE_START }
      : {};
  return validateWith(projectCreateInput, input, extra);
}

/** A project read from the API as the form's values; a new project is 'planning' at 0 %. */
export function projectFormValues(project?: ProjectsListItem): ProjectFormValues {
  if (project === undefined) return { status: defaultProjectStatus };
  return {
    name: project.name,
    clientId: project.clientId,
    description: project.description,
    status: project.status,
    startDate: project.startDate === undefined ? null : dayjs(project.startDate, DATE_FORMAT),
    endDate: project.endDate === undefined ? null : dayjs(project.endDate, DATE_FORMAT),
    estimatedBudget: project.estimatedBudget ?? null,
    actualBudget: project.actualBudget ?? null,
    progress: project.progress,
    location: project.location,
    notes: project.notes,
  };
}

const statusOptions = projectStatuses.map((status) => ({
  value: status,
  label: projectStatusLabels[status],
}));

interface ProjectFormProps extends RecordFormProps<ProjectCreateData> {
  /** The project edited; a new project when absent. */
  project?: ProjectsListItem | undefined;
}

/**
 * Spec section 2 "Projets": name and client required, description, status (free choice, planning by
 * default), start and end dates, estimated and actual budgets (step 0.01), progress 0–100 (blank is
 * 0), location, notes.
 */
export function ProjectForm({ project, ...props }: ProjectFormProps) {
  return (
    <RecordForm<ProjectFormValues, ProjectCreateData>
      {...props}
      fields={fields}
      validate={validateProject}
      initialValues={projectFormValues(project)}
    >
      <Col xs={24} md={12}>
        <Form.Item name="name" label="Nom du projet" required>
          <Input />
        </Form.Item>
      </Col>
      <ClientField
        current={project === undefined ? undefined : { id: project.clientId, client: project.client }}
      />
      <DescriptionField />
      <Col xs={24} md={12}>
        <Form.Item name="status" label="Statut">
          <Select options={statusOptions} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="progress" label="Avancement (%)">
          <InputNumber
            min={0}
            max={100}
            step={1}
            precision={0}
            inputMode="numeric"
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="startDate" label="Date de début">
          <DateField />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="endDate" label="Date de fin">
          <DateField />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="estimatedBudget" label="Budget estimé (€)">
          <DecimalInput min="0" step="0.01" precision={2} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="actualBudget" label="Budget réel (€)">
          <DecimalInput min="0" step="0.01" precision={2} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="location" label="Localisation">
          <Input autoComplete="street-address" />
        </Form.Item>
      </Col>
      <NotesField minRows={2} />
    </RecordForm>
  );
}
