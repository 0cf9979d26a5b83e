import { Col, Form, Input } from 'antd';
import type { ReactNode } from 'react';

interface CompanyContactFieldsProps {
  /** The name's label: "Nom de l'entreprise" unless the record is a person's. */
  nameLabel?: string;
  /**
   * The legal identity's columns in place of the free-text SIRET and VAT number (clients check
   * them as typed); `null` for none (a private person).
   */
  identity?: ReactNode;
}

/**
 * The fields clients and suppliers share (spec section 2 "Clients": company name, contact person,
 * e-mail, phone, address, city, postal code, country, SIRET, VAT number), as columns of the
 * enclosing form's `<Row>`.
 */
export function CompanyContactFields({
  nameLabel = "Nom de l'entreprise",
  identity = <FreeIdentityFields />,
}: CompanyContactFieldsProps = {}) {
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="name" label={nameLabel} required>
          <Input autoComplete={nameLabel === "Nom de l'entreprise" ? 'organization' : 'name'} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="contactPerson" label="Personne de contact">
          <Input autoComplete="name" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="email" label="E-mail">
          <Input type="email" inputMode="email" autoComplete="email" spellCheck={false} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="phone" label="Téléphone">
          <Input type="tel" inputMode="tel" autoComplete="tel" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="address" label="Adresse">
          <Input autoComplete="street-address" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="city" label="Ville">
          <Input autoComplete="address-level2" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="postalCode" label="Code postal">
          <Input inputMode="numeric" autoComplete="postal-code" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="country" label="Pays">
          <Input autoComplete="country-name" />
        </Form.Item>
      </Col>
      {identity}
    </>
  );
}

/** The SIRET and the VAT number as free text (a supplier's: it may be foreign, or known by its letterhead only). */
function FreeIdentityFields() {
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="siret" label="SIRET">
          <Input inputMode="numeric" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="vatNumber" label="Numéro de TVA">
          <Input spellCheck={false} />
        </Form.Item>
      </Col>
    </>
  );
}
