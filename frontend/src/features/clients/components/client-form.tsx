import { clientCreateInput, type ClientCreateData } from '@btp/shared/entities/client';

import type { ClientsListItem } from '../../../api/clients/list-clients';
import { CompanyForm } from '../../../components/company-form';
import type { RecordFormProps } from '../../../components/record-form';

interface ClientFormProps extends RecordFormProps<ClientCreateData> {
  /** The client edited; a new client when absent. */
  initial?: ClientsListItem | undefined;
}

/**
 * Spec section 2 "Clients": company name (required), contact person, e-mail, phone, address, city,
 * postal code, country (France by default), SIRET, VAT number, notes; validated with the shared schema.
 */
export function ClientForm(props: ClientFormProps) {
  return <CompanyForm {...props} schema={clientCreateInput} />;
}
