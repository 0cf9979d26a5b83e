import { Button, Col, Form, Input, Row, type FormInstance } from 'antd';
import type { ReactNode } from 'react';

import { PasswordInput } from './password-input';

/** The names of the person's fields, in order, for the form's validation. */
export const personAccountFieldNames = [
  'firstName',
  'lastName',
  'email',
  'username',
  'password',
  'confirmPassword',
] as const;

interface AccountFormProps<Values> {
  form: FormInstance<Values>;
  onFinish: (values: Values) => void;
  onValuesChange: (changed: unknown, values: Values) => void;
  /** The fields above the person's (the installation token, the company). */
  children: ReactNode;
  busy: boolean;
  /** The submit button's text, which says when it is `busy`. */
  submitLabel: string;
}

/**
 * The form of a new account (installation, registration): the screen's own fields, then the person's
 * first and last names, e-mail, user name, password and its confirmation, then the submit button.
 */
export function AccountForm<Values extends object>({
  form,
  onFinish,
  onValuesChange,
  children,
  busy,
  submitLabel,
}: AccountFormProps<Values>) {
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={onFinish}
      onValuesChange={onValuesChange}
    >
      {children}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="firstName" label="Prénom">
            <Input autoComplete="given-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="lastName" label="Nom">
            <Input autoComplete="family-name" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="email" label="Adresse e-mail">
        <Input autoComplete="email" inputMode="email" spellCheck={false} />
      </Form.Item>
      <Form.Item name="username" label="Nom d'utilisateur">
        <Input autoComplete="username" autoCapitalize="none" spellCheck={false} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="password" label="Mot de passe">
            <PasswordInput autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="confirmPassword" label="Confirmer le mot de passe">
            <PasswordInput autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
