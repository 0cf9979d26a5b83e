import type { CompanyProfile } from '@btp/shared/entities/company';
import {
  legalFormLabels,
  legalForms,
  vatRateLabels,
  vatRates,
  vatRegimeLabels,
  vatRegimes,
} from '@btp/shared/enums';
import { frenchVatNumber, sirenOfSiret } from '@btp/shared/legal-identity';
import { Button, Card, Checkbox, Col, Form, Input, Radio, Row, Select, type FormItemProps } from 'antd';
import { useMemo, useState, type FocusEvent, type ReactNode } from 'react';

import { useUpdateCompany } from '../../../api/company/update-company';
import { useActionToasts } from '../../../components/action-toasts';
import { ApiError } from '../../../lib/api';
import { messagesByField, type FieldMessages } from '../../../lib/zod-validation';
import styles from './company-settings.module.css';
import { LogoField } from './logo-field';
import {
  fieldLabels,
  formatSiren,
  formValuesOf,
  profileFields,
  validateProfile,
  type ProfileField,
  type ProfileFormValues,
} from './profile-values';

const legalFormOptions = legalForms.map((form) => ({ value: form, label: legalFormLabels[form] }));
const vatRateOptions = vatRates.map((rate) => ({ value: rate, label: vatRateLabels[rate] }));

const isProfileField = (name: string): name is ProfileField =>
  (profileFields as readonly string[]).includes(name);

/** A section of the form: a card whose title is a heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className={styles.section} title={<h2 className={styles.sectionTitle}>{title}</h2>}>
      <Row gutter={16}>{children}</Row>
    </Card>
  );
}

/**
 * The company's legal profile (DOCUMENTS.md § 1) for its administrator, in sections: Identité,
 * Coordonnées, Logo, Banque, Assurance, TVA et paiement, Défauts des documents. Each field is checked
 * with the shared rules of `PUT /api/company` once the person has left it (then at every keystroke),
 * every field on 'Enregistrer'; the server's per-field messages land on their fields. It is saved
 * whole with the `version` it was read at; its parent mounts it again on each new version.
 */
export function CompanyProfileForm({ profile }: { profile: CompanyProfile }) {
  const [form] = Form.useForm<ProfileFormValues>();
  const initialValues = useMemo(() => formValuesOf(profile), [profile]);
  const [values, setValues] = useState(initialValues);
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverMessages, setServerMessages] = useState<FieldMessages>({});
  const [logoProblem, setLogoProblem] = useState<string | undefined>(undefined);
  const update = useUpdateCompany();
  const notify = useActionToasts();

  const checked = useMemo(() => validateProfile(values, profile.version), [values, profile.version]);
  const messageOf = (field: ProfileField): string | undefined => {
    if (field === 'logoDocumentId' && logoProblem !== undefined) return logoProblem;
    const local = submitted || left.has(field) ? checked.messages[field] : undefined;
    return local ?? serverMessages[field];
  };
  const item = (field: ProfileField, props: FormItemProps = {}): FormItemProps => {
    const help = messageOf(field);
    return {
      name: field,
      label: fieldLabels[field],
      ...(help === undefined ? {} : { help, validateStatus: 'error' as const }),
      ...props,
    };
  };

  const siren = sirenOfSiret(values.siret);
  const ei = values.legalForm === 'EI';
  const franchise = values.vatRegime === 'franchise';

  const onValuesChange = (changed: Partial<ProfileFormValues>) => {
    const next: Partial<ProfileFormValues> = { ...changed };
    // An EI has no share capital (DOCUMENTS.md § 1): the field goes, and so does what it held.
    if (changed.legalForm === 'EI') {
      next.shareCapital = '';
      form.setFieldValue('shareCapital', '');
    }
    setValues((current) => ({ ...current, ...next }));
    setServerMessages((current) => {
      const kept = { ...current };
      for (const field of Object.keys(next)) delete kept[field];
      return kept;
    });
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const field = event.target.id;
    if (isProfileField(field) && !left.has(field)) setLeft((current) => new Set(current).add(field));
  };

  const setVatFromSiren = () => {
    if (siren === undefined) return;
    const vatNumber = frenchVatNumber(siren);
    form.setFieldValue('vatNumber', vatNumber);
    onValuesChange({ vatNumber });
  };

  const showFirstProblem = (messages: FieldMessages) => {
    const first = profileFields.find((field) => messages[field] !== undefined);
    if (first !== undefined) form.scrollToField(first, { block: 'center', focus: true });
  };

  const save = async () => {
    setSubmitted(true);
    const { data, messages } = validateProfile(values, profile.version);
    if (data === undefined) {
      showFirstProblem(messages);
      return;
    }
    try {
      await notify(() => update.mutateAsync(data), {
        success: "Paramètres de l'entreprise enregistrés",
        failure: "Erreur lors de l'enregistrement des paramètres de l'entreprise",
      });
    } catch (error) {
      if (error instanceof ApiError && error.details !== undefined) {
        const messages = messagesByField(error.details);
        setServerMessages(messages);
        showFirstProblem(messages);
      }
    }
  };

  return (
    <Form<ProfileFormValues>
      form={form}
      layout="vertical"
      size="large"
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      onBlur={onBlur}
      onFinish={() => void save()}
      aria-label="Profil de l'entreprise"
    >
      <div className={styles.sections}>
        <Section title="Identité">
          <Col xs={24} md={12}>
            <Form.Item {...item('name')} required>
              <Input autoComplete="organization" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item {...item('legalForm')}>
              <Select options={legalFormOptions} placeholder="Choisissez la forme juridique" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {ei ? (
              <Form.Item label="Capital social">
                <span className={styles.derived}>
                  Une entreprise individuelle (EI) n'a pas de capital social.
                </span>
              </Form.Item>
            ) : (
              <Form.Item {...item('shareCapital')} extra="Par exemple 10 000,00">
                <Input inputMode="decimal" suffix="€" />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              {...item('siret')}
              extra={
                <span className={styles.derived}>
                  {siren === undefined
                    ? 'Le SIREN (ses 9 premiers chiffres) en sera déduit.'
                    : `SIREN : ${formatSiren(siren)}`}
                </span>
              }
            >
              <Input inputMode="numeric" autoComplete="off" spellCheck={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              {...item('registration')}
              extra="Telle qu'imprimée : « RCS Lyon » (société) ou « RM 69 » (artisan)"
            >
              <Input placeholder="RCS Lyon" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              {...item('vatNumber')}
              extra={
                <span className={styles.helper}>
                  <Button size="large" disabled={siren === undefined} onClick={setVatFromSiren}>
                    Calculer depuis le SIREN
                  </Button>
                  {franchise && <span>Facultatif en franchise en base de TVA.</span>}
                </span>
              }
            >
              <Input spellCheck={false} autoComplete="off" placeholder="FR00123456789" />
            </Form.Item>
          </Col>
        </Section>

        <Section title="Coordonnées">
          <Col xs={24}>
            <Form.Item {...item('address')}>
              <Input autoComplete="street-address" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item {...item('postalCode')}>
              <Input inputMode="numeric" autoComplete="postal-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item {...item('city')}>
              <Input autoComplete="address-level2" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item {...item('country')}>
              <Input autoComplete="country-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item {...item('email')}>
              <Input type="email" inputMode="email" autoComplete="email" spellCheck={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item {...item('phone')}>
              <Input type="tel" inputMode="tel" autoComplete="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item {...item('website')}>
              <Input type="url" inputMode="url" autoComplete="url" spellCheck={false} />
            </Form.Item>
          </Col>
        </Section>

        <Section title="Logo">
          <Col xs={24}>
            <Form.Item
              {...item('logoDocumentId', { label: undefined })}
              extra="Une image PNG ou JPEG, imprimée en tête des devis et des factures. Enregistrez pour l'utiliser."
            >
              <LogoField onProblem={setLogoProblem} />
            </Form.Item>
          </Col>
        </Section>

        <Section title="Banque">
          <Col xs={24} md={14}>
            <Form.Item {...item('iban')} extra="Imprimé sur les factures pour le virement">
              <Input spellCheck={false} autoComplete="off" placeholder="FR76 …" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item {...item('bic')}>
              <Input spellCheck={false} autoComplete="off" />
            </Form.Item>
          </Col>
        </Section>

        <Section title="Assurance décennale / RC pro">
          <Col xs={24} md={12}>
            <Form.Item {...item('insurer')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item {...item('insurancePolicyNumber')}>
              <Input spellCheck={false} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item {...item('insurerAddress')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item {...item('insuranceActivities')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item {...item('insuranceArea')} extra="Par exemple : France métropolitaine">
              <Input />
            </Form.Item>
          </Col>
        </Section>

        <Section title="TVA et paiement">
          <Col xs={24}>
            <Form.Item {...item('vatRegime')}>
              <Radio.Group className={styles.choices}>
                {vatRegimes.map((regime) => (
                  <Radio key={regime} value={regime} className={styles.choice}>
                    {vatRegimeLabels[regime]}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
          </Col>
          {!franchise && (
            <Col xs={24}>
              <Form.Item {...item('vatOnDebits', { label: undefined, valuePropName: 'checked' })}>
                <Checkbox className={styles.choice}>
                  Option pour le paiement de la TVA d'après les débits
                </Checkbox>
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={8}>
            <Form.Item {...item('paymentTermDays')} extra="De 0 à 60 jours">
              <Input inputMode="numeric" suffix="jours" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item {...item('latePenaltyRate')}>
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item {...item('earlyPaymentDiscount')}>
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Section>

        <Section title="Défauts des documents">
          <Col xs={24} md={8}>
            <Form.Item {...item('quoteValidityDays')}>
              <Input inputMode="numeric" suffix="jours" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item {...item('defaultVatRate')}>
              <Select options={vatRateOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item {...item('defaultRetentionRate')} extra="De 0 à 5 %">
              <Input inputMode="decimal" suffix="%" />
            </Form.Item>
          </Col>
        </Section>
      </div>

      <div className={styles.saveBar}>
        <p className={styles.saveHint}>Les documents déjà envoyés gardent les informations de leur date.</p>
        <Button type="primary" htmlType="submit" size="large" loading={update.isPending}>
          {update.isPending ? 'Enregistrement...' : 'Enregistrer'}
        </Button>
      </div>
    </Form>
  );
}
