import { Button, Col, Form, Input, Row } from 'antd';
import type { ReactNode } from 'react';

import { useZodForm, type FormValidation } from '../lib/zod-form';

/** What a record's form (client, supplier, project) takes from the card or dialog that shows it. */
export interface RecordFormProps<Output> {
  submitLabel: string;
  /** The submit button's text while `busy`, e.g. 'Création...'. */
  busyLabel: string;
  busy: boolean;
  /** Called with the validated payload; a rejected promise's API `details` land on the fields. */
  onSubmit: (data: Output) => Promise<unknown>;
  /** Shows an 'Annuler' button next to the submit button, which calls it. */
  onCancel?: (() => void) | undefined;
}

interface RecordFormFrameProps<Values, Output> extends RecordFormProps<Output> {
  /** The fields the form validates, in order (where the messages land). */
  fields: readonly (keyof Values & string)[];
  validate: (values: Values) => FormValidation<Output>;
  initialValues: Values;
  /** The fields, as columns of the form's `<Row>`. */
  children: ReactNode;
}

/**
 * The frame of a record's form: a large vertical antd form validated with a shared zod schema
 * (`useZodForm`), its fields in a row of columns, then the submit button, after 'Annuler' if any.
 */
export function RecordForm<Values extends object, Output>({
  fields,
  validate,
  initialValues,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  onCancel,
  children,
}: RecordFormFrameProps<Values, Output>) {
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<Values, Output>(
    fields,
    validate,
  );

  const submit = (data: Output) => {
    onSubmit(data).catch((error: unknown) => showServerErrors(error));
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      size="large"
      initialValues={initialValues}
      onFinish={handleFinish(submit)}
      onValuesChange={handleValuesChange}
    >
      <Row gutter={16}>{children}</Row>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'flex-end' }}>
        {onCancel !== undefined && (
          <Button onClick={onCancel} style={{ flex: '1 1 auto', maxWidth: 320 }}>
            Annuler
          </Button>
        )}
        <Button type="primary" htmlType="submit" loading={busy} style={{ flex: '1 1 auto', maxWidth: 320 }}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

/** The 'Description' of a record, a full-width text area of 2 to 6 lines. */
export function DescriptionField() {
  return (
    <Col xs={24}>
      <Form.Item name="description" label="Description">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </Col>
  );
}

/** The 'Notes' of a record, a full-width text area growing up to 8 lines. */
export function NotesField({ minRows }: { minRows: number }) {
  return (
    <Col xs={24}>
      <Form.Item name="notes" label="Notes">
        <Input.TextArea autoSize={{ minRows, maxRows: 8 }} />
      </Form.Item>
    </Col>
  );
}
