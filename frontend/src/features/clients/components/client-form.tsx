import {
  clientCreateInput,
  type ClientCreateData,
  type ClientCreateInput,
} from '@btp/shared/entities/client';
import { DEFAULT_COUNTRY } from '@btp/shared/entities/contact';
import { Button, Col, Form, Input, Row } from 'antd';
import type { ReactNode } from 'react';

import { CompanyContactFields } from '../../../components/company-contact-fields';
import { useZodForm, validateWith } from '../../../lib/zod-form';

const fields = [
  'name',
  'contactPerson',
  'email',
  'phone',
  'address',
  'city',
  'postalCode',
  'country',
  'siret',
  'vatNumber',
  'notes',
] as const;

type ClientFormValues = Pick<ClientCreateInput, (typeof fields)[number]>;

/** A client read from the API as the form's values (the country defaults to France). */
export function clientFormValues(client?: Partial<ClientFormValues>): ClientFormValues {
  const values: ClientFormValues = { name: client?.name ?? '', country: client?.country ?? DEFAULT_COUNTRY };
  for (const field of fields) {
    const value = client?.[field];
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

interface ClientFormProps {
  /** The client edited; a new client when absent. */
  initial?: Partial<ClientFormValues> | undefined;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Called with the validated payload; a rejected promise's API `details` land on the fields. */
  onSubmit: (data: ClientCreateData) => Promise<unknown>;
  /** A cancel button next to the submit button, when given. */
  extraAction?: ReactNode;
}

/**
 * Spec section 2 "Clients": company name (required), contact person, e-mail, phone, address, city,
 * postal code, country (France by default), SIRET, VAT number, notes; validated with the shared schema.
 */
export function ClientForm({
  initial,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  extraAction,
}: ClientFormProps) {
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    ClientFormValues,
    ClientCreateData
  >(fields, (values) => validateWith(clientCreateInput, values));

  const submit = (data: ClientCreateData) => {
    onSubmit(data).catch((error: unknown) => showServerErrors(error));
  };

  return (
    <Form<ClientFormValues>
      form={form}
      layout="vertical"
      size="large"
      initialValues={clientFormValues(initial)}
      onFinish={handleFinish(submit)}
      onValuesChange={handleValuesChange}
    >
      <Row gutter={16}>
        <CompanyContactFields />
        <Col xs={24}>
          <Form.Item name="notes" label="Notes">
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
          </Form.Item>
        </Col>
      </Row>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'flex-end' }}>
        {extraAction}
        <Button type="primary" htmlType="submit" loading={busy} style={{ flex: '1 1 auto', maxWidth: 320 }}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
