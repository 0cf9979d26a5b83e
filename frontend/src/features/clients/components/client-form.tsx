import { clientCreateInput, type ClientCreateData } from '@btp/shared/entities/client';
import { clientKindLabels, clientKinds, defaultClientKind, type ClientKind } from '@btp/shared/enums';
import { Col, Form, Input, Radio } from 'antd';
import { useId, useState } from 'react';

import type { ClientsListItem } from '../../../api/clients/list-clients';
import { CompanyContactFields } from '../../../components/company-contact-fields';
import { CompanyForm } from '../../../components/company-form';
import type { RecordFormProps } from '../../../components/record-form';
import { checkSiret, formatSiren } from './client-identity';
import styles from './clients-page.module.css';

interface ClientFormProps extends RecordFormProps<ClientCreateData> {
  /** The client edited; a new client when absent. */
  initial?: ClientsListItem | undefined;
}

/** A private person has no SIRET nor VAT number: what may linger from the company fields is not sent. */
function withoutCompanyIdentity(values: Record<string, unknown>): Record<string, unknown> {
  if (values.kind !== 'individual') return values;
  const { siret: _siret, vatNumber: _vatNumber, ...rest } = values;
  return rest;
}

/**
 * Spec section 2 "Clients" and issue 13: the client's kind (Entreprise / Particulier), its name,
 * contact person, e-mail, phone, address, city, postal code, country (France by default), then for
 * a company its SIRET (checked as typed), the SIREN derived from it (read-only) and its VAT number;
 * notes. Validated with the shared schema.
 */
export function ClientForm(props: ClientFormProps) {
  return (
    <CompanyForm
      {...props}
      schema={clientCreateInput}
      extraFields={['kind']}
      defaults={{ kind: defaultClientKind }}
      prepare={withoutCompanyIdentity}
      contact={<ClientFields />}
    />
  );
}

const kindOptions = clientKinds.map((kind) => ({ value: kind, label: clientKindLabels[kind] }));

/** Inside the form: the kind, then the contact fields as that kind asks them. */
function ClientFields() {
  const kind = (Form.useWatch('kind') as ClientKind | undefined) ?? defaultClientKind;
  const company = kind === 'company';
  return (
    <>
      <Col xs={24}>
        <Form.Item name="kind" label="Type de client">
          <Radio.Group
            options={kindOptions}
            optionType="button"
            buttonStyle="solid"
            className={styles.kind}
          />
        </Form.Item>
      </Col>
      <CompanyContactFields
        nameLabel={company ? "Nom de l'entreprise" : 'Nom et prénom'}
        identity={company ? <CompanyIdentityFields /> : null}
      />
    </>
  );
}

/** The SIRET checked as typed, the SIREN derived from it (read-only), the VAT number. */
function CompanyIdentityFields() {
  const siret = Form.useWatch('siret') as string | undefined;
  const [left, setLeft] = useState(false);
  const sirenId = useId();
  const check = checkSiret(siret, left);
  return (
    <>
      <Col xs={24} md={8}>
        <Form.Item
          name="siret"
          label="SIRET"
          extra="14 chiffres"
          // Before the first save only the shared rule's message as typed; after it, the form's own.
          {...(check.message === undefined ? {} : { validateStatus: 'error' as const, help: check.message })}
        >
          <Input inputMode="numeric" autoComplete="off" onBlur={() => setLeft(true)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={4}>
        <Form.Item label="SIREN" htmlFor={sirenId} extra="Déduit du SIRET">
          <Input id={sirenId} readOnly value={check.siren === undefined ? '' : formatSiren(check.siren)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="vatNumber" label="Numéro de TVA">
          <Input spellCheck={false} autoComplete="off" />
        </Form.Item>
      </Col>
    </>
  );
}
