import { DEFAULT_COUNTRY } from '@btp/shared/entities/contact';
import {
  supplierCreateInput,
  type SupplierCreateData,
  type SupplierCreateInput,
} from '@btp/shared/entities/supplier';
import { Button, Col, Form, Input, InputNumber, Row } from 'antd';
import type { ReactNode } from 'react';

import { CompanyContactFields } from '../../../components/company-contact-fields';
import { useZodForm, validateWith } from '../../../lib/zod-form';
import { SpecialtiesInput } from './specialties-input';

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
  'rating',
  'specialties',
  'notes',
] as const;

const textFields = [
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
  'rating',
] as const;

interface SupplierFormValues extends Omit<Pick<SupplierCreateInput, (typeof fields)[number]>, 'specialties'> {
  specialties: string[];
}

/** A supplier read from the API as the form's values (the country defaults to France). */
export function supplierFormValues(supplier?: Partial<SupplierCreateInput>): SupplierFormValues {
  const values: SupplierFormValues = {
    name: supplier?.name ?? '',
    country: supplier?.country ?? DEFAULT_COUNTRY,
    specialties: Array.isArray(supplier?.specialties) ? supplier.specialties : [],
  };
  for (const field of textFields) {
    const value = supplier?.[field];
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

interface SupplierFormProps {
  initial?: Partial<SupplierCreateInput> | undefined;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Called with the validated payload; a rejected promise's API `details` land on the fields. */
  onSubmit: (data: SupplierCreateData) => Promise<unknown>;
  /** A cancel button next to the submit button, when given. */
  extraAction?: ReactNode;
}

/**
 * Spec section 2 "Fournisseurs": the client fields plus the rating (1 to 5, step 0.1) and the
 * specialties tag input; validated with the shared schema.
 */
export function SupplierForm({
  initial,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  extraAction,
}: SupplierFormProps) {
  const { form, handleFinish, handleValuesChange, showServerErrors } = useZodForm<
    SupplierFormValues,
    SupplierCreateData
  >(fields, (values) => validateWith(supplierCreateInput, values));

  const submit = (data: SupplierCreateData) => {
    onSubmit(data).catch((error: unknown) => showServerErrors(error));
  };

  return (
    <Form<SupplierFormValues>
      form={form}
      layout="vertical"
      size="large"
      initialValues={supplierFormValues(initial)}
      onFinish={handleFinish(submit)}
      onValuesChange={handleValuesChange}
    >
      <Row gutter={16}>
        <CompanyContactFields />
        <Col xs={24} md={12}>
          <Form.Item name="rating" label="Note (1 à 5)">
            <InputNumber<string>
              stringMode
              min="1"
              max="5"
              step="0.1"
              precision={1}
              decimalSeparator=","
              inputMode="decimal"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="specialties" label="Spécialités">
            <SpecialtiesInput />
          </Form.Item>
        </Col>
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
