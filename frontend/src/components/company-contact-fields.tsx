import { Col, Form, Input } from 'antd';

/**
 * The fields clients and suppliers share (spec section 2 "Clients": company name, contact person,
 * e-mail, phone, address, city, postal code, country, SIRET, VAT number), as columns of the
 * enclosing form's `<Row>`.
 */
export function CompanyContactFields() {
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="name" label="Nom de l'entreprise" required>
          <Input autoComplete="organization" />
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
