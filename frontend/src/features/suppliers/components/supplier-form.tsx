import { supplierCreateInput, type SupplierCreateData } from '@btp/shared/entities/supplier';
import { Col, Form } from 'antd';

import type { SuppliersListItem } from '../../../api/suppliers/list-suppliers';
import { CompanyForm } from '../../../components/company-form';
import { DecimalInput } from '../../../components/decimal-input';
import type { RecordFormProps } from '../../../components/record-form';
import { SpecialtiesInput } from './specialties-input';

interface SupplierFormProps extends RecordFormProps<SupplierCreateData> {
  /** The supplier edited; a new supplier when absent. */
  initial?: SuppliersListItem | undefined;
}

/**
 * Spec section 2 "Fournisseurs": the client fields plus the rating (1 to 5, step 0.1) and the
 * specialties tag input; validated with the shared schema.
 */
export function SupplierForm(props: SupplierFormProps) {
  return (
    <CompanyForm
      {...props}
      schema={supplierCreateInput}
      extraFields={['rating', 'specialties']}
      defaults={{ specialties: [] }}
    >
      <Col xs={24} md={12}>
        <Form.Item name="rating" label="Note (1 à 5)">
          <DecimalInput min="1" max="5" step="0.1" precision={1} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="specialties" label="Spécialités">
          <SpecialtiesInput />
        </Form.Item>
      </Col>
    </CompanyForm>
  );
}
