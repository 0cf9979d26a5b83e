import {
  ouvrageCreateInput,
  type Ouvrage,
  type OuvrageCreateData,
  type OuvrageCreateInput,
} from '@btp/shared/entities/library';
import { Alert, Col, Form, Input, Row, Select } from 'antd';
import { useState } from 'react';

import { useCreateOuvrage, useUpdateOuvrage } from '../../../api/library/ouvrage-writes';
import { useActionToasts } from '../../../components/action-toasts';
import { SousDetailEditor, withNewKey, type ComponentDraft } from '../../../components/sous-detail-editor';
import { ApiError } from '../../../lib/api';
import { decimalForInput } from '../../../lib/format';
import { useZodForm, validateWith, type FieldMessages } from '../../../lib/zod-form';
import { FamilyInput, vatRateOptions } from './library-fields';
import styles from './library-page.module.css';
import { RecordModal } from './record-modal';

const fields = ['code', 'designation', 'unit', 'family', 'vatRate'] as const;

type FormValues = Omit<OuvrageCreateInput, 'components'>;

/** The components of a stored ouvrage, as the editor holds them. */
export function componentDrafts(
  ouvrage: { components?: Ouvrage['components'] } | undefined,
): ComponentDraft[] {
  return (ouvrage?.components ?? []).map((component) =>
    withNewKey({
      articleId: component.articleId,
      ouvrageId: component.ouvrageId,
      reference: component.code ?? component.reference,
      designation: component.designation,
      unit: component.unit,
      resourceType: component.resourceType,
      quantity: decimalForInput(component.quantity),
      lossRate: component.lossRate === undefined ? '' : decimalForInput(component.lossRate),
      unitCost: component.unitCost,
    }),
  );
}

/** The body's components: what each names, its quantity and loss rate. */
function componentsInput(components: readonly ComponentDraft[]) {
  return components.map((component) => ({
    articleId: component.articleId,
    ouvrageId: component.ouvrageId,
    quantity: component.quantity,
    lossRate: component.lossRate.trim() === '' ? undefined : component.lossRate,
  }));
}

/** Messages of `components.<index>.<field>` paths (the schema's or the server's), per component. */
export function componentMessages(
  issues: readonly { path: string | readonly PropertyKey[]; message: string }[],
): { byIndex: Partial<Record<number, string>>; list?: string } {
  const byIndex: Partial<Record<number, string>> = {};
  let list: string | undefined;
  for (const { path, message } of issues) {
    const parts = typeof path === 'string' ? path.split('.') : path.map(String);
    if (parts[0] !== 'components') continue;
    const index = parts[1] === undefined ? Number.NaN : Number(parts[1]);
    if (Number.isInteger(index)) byIndex[index] ??= message;
    else list ??= message;
  }
  return { byIndex, ...(list === undefined ? {} : { list }) };
}

interface OuvrageDialogProps {
  /** The ouvrage edited; absent: a new one. */
  ouvrage?: Ouvrage | undefined;
  /** A new ouvrage starting from these values (« Dupliquer », « Enregistrer dans la bibliothèque »). */
  copyOf?: Partial<Ouvrage> | undefined;
  /** Called with the ouvrage saved (the devis line then names it). */
  onSaved?: (ouvrage: Ouvrage) => void;
  onClose: () => void;
}

/**
 * 'Nouvel ouvrage' / 'Modifier l'ouvrage': a work sold, its components per unit (articles, or other
 * ouvrages up to 3 levels) and its déboursé sec unitaire computed as one types (LIBRARY.md). The
 * server's refusals (a cycle, a 4th level, an unknown article) show on the component they name.
 */
export function OuvrageDialog({ ouvrage, copyOf, onSaved, onClose }: OuvrageDialogProps) {
  const create = useCreateOuvrage();
  const update = useUpdateOuvrage();
  const notify = useActionToasts();
  const [components, setComponents] = useState<ComponentDraft[]>(() => componentDrafts(ouvrage ?? copyOf));
  const [checked, setChecked] = useState(false);
  const [serverMessages, setServerMessages] = useState<ReturnType<typeof componentMessages>>({ byIndex: {} });
  const validate = (values: FormValues) =>
    validateWith(ouvrageCreateInput, { ...values, components: componentsInput(components) });
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    FormValues,
    OuvrageCreateData
  >(fields, validate);
  const unit = (Form.useWatch('unit', form) as string | undefined)?.trim() ?? '';
  const busy = create.isPending || update.isPending;
  const local = checked
    ? componentMessages(validationIssues(ouvrageCreateInput, form, components))
    : { byIndex: {} };
  const messages = { ...local.byIndex, ...serverMessages.byIndex };
  const listMessage = serverMessages.list ?? local.list;

  const save = async (data: OuvrageCreateData) => {
    setServerMessages({ byIndex: {} });
    try {
      const saved = ouvrage
        ? await notify(
            () => update.mutateAsync({ id: ouvrage.id, data: { ...data, version: ouvrage.version } }),
            {
              success: 'Ouvrage mis à jour',
              failure: "Erreur lors de la mise à jour de l'ouvrage",
            },
          )
        : await notify(() => create.mutateAsync(data), {
            success: 'Ouvrage créé',
            failure: "Erreur lors de la création de l'ouvrage",
          });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      showServerErrors(error);
      if (error instanceof ApiError && error.details) setServerMessages(componentMessages(error.details));
    }
  };

  return (
    <RecordModal
      title={ouvrage ? "Modifier l'ouvrage" : 'Nouvel ouvrage'}
      width={960}
      okText={ouvrage ? 'Enregistrer' : "Créer l'ouvrage"}
      form="ouvrage-form"
      busy={busy}
      onClose={onClose}
    >
      <Form<FormValues>
        id="ouvrage-form"
        form={form}
        layout="vertical"
        size="large"
        initialValues={{
          code: (ouvrage ?? copyOf)?.code ?? '',
          designation: (ouvrage ?? copyOf)?.designation ?? '',
          unit: (ouvrage ?? copyOf)?.unit ?? '',
          family: (ouvrage ?? copyOf)?.family ?? '',
          vatRate: (ouvrage ?? copyOf)?.vatRate,
        }}
        onFinish={(values) => {
          setChecked(true);
          handleFinish((data) => void save(data))(values);
        }}
        onValuesChange={handleValuesChange}
      >
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item name="designation" label="Désignation" required>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="code" label="Code">
              <Input />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="unit" label="Unité" required>
              <Input placeholder="m², ml, u" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="family" label="Famille">
              <FamilyInput />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="vatRate" label="TVA par défaut">
              <Select options={vatRateOptions} allowClear placeholder="Celle de l'entreprise" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <section aria-label="Sous-détail" className={styles.sousDetail}>
        <h3 className={styles.sectionTitle}>Sous-détail</h3>
        {listMessage !== undefined && (
          <Alert type="error" showIcon title={listMessage} style={{ marginBottom: 12 }} role="alert" />
        )}
        <SousDetailEditor
          components={components}
          onChange={(next) => {
            setComponents(next);
            setServerMessages({ byIndex: {} });
          }}
          perUnit={unit === '' ? 'par unité' : `par ${unit}`}
          costEditable={false}
          addLabel="Ajouter un composant"
          messages={messages}
        />
      </section>
    </RecordModal>
  );
}

/** The schema's issues for what the form and the components hold now. */
function validationIssues(
  schema: typeof ouvrageCreateInput,
  form: { getFieldsValue: () => FormValues },
  components: readonly ComponentDraft[],
): { path: readonly PropertyKey[]; message: string }[] {
  const result = schema.safeParse({ ...form.getFieldsValue(), components: componentsInput(components) });
  return result.success ? [] : result.error.issues;
}

export type { FieldMessages };
