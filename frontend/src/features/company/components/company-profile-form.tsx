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
import { useMemo, useRef, useState, type FocusEvent, type ReactNode } from 'react';

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

/** What the form shows besides its fields' values: each field's message, and what the values decide. */
interface Shown {
  messages: FieldMessages;
  siren: string | undefined;
  ei: boolean;
  franchise: boolean;
}

/** What the form knows besides its fields: the values so far, the fields left, a first save tried. */
interface Progress {
  values: ProfileFormValues;
  left: ReadonlySet<string>;
  submitted: boolean;
  serverMessages: FieldMessages;
}

/**
 * A field's own message once the person has left it (or tried to save), else the server's; the SIREN
 * read from the SIRET; an EI's lack of capital; the VAT franchise.
 */
function shownOf({ values, left, submitted, serverMessages }: Progress, version: number): Shown {
  const checked = validateProfile(values, version).messages;
  const messages: FieldMessages = {};
  for (const field of profileFields) {
    const message = (submitted || left.has(field) ? checked[field] : undefined) ?? serverMessages[field];
    if (message !== undefined) messages[field] = message;
  }
  return {
    messages,
    siren: sirenOfSiret(values.siret),
    ei: values.legalForm === 'EI',
    franchise: values.vatRegime === 'franchise',
  };
}

function sameShown(a: Shown, b: Shown): boolean {
  return (
    a.siren === b.siren &&
    a.ei === b.ei &&
    a.franchise === b.franchise &&
    profileFields.every((field) => a.messages[field] === b.messages[field])
  );
}

/**
 * The company's legal profile (DOCUMENTS.md § 1) for its administrator, in sections: Identité,
 * Coordonnées, Logo, Banque, Assurance, TVA et paiement, Défauts des documents. Each field is checked
 * with the shared rules of `PUT /api/company` once the person has left it (then at every keystroke),
 * every field on 'Enregistrer'; the server's per-field messages land on their fields. It is saved
 * whole with the `version` it was read at; its parent mounts it again on each new version.
 *
 * A keystroke renders the field typed in (antd's form store), and the whole form only when what it
 * shows besides the fields changes (a message, the SIREN, the EI's capital, the franchise): the
 * values live in a ref, the form's state is `Shown`.
 */
export function CompanyProfileForm({ profile }: { profile: CompanyProfile }) {
  const [form] = Form.useForm<ProfileFormValues>();
  const initialValues = useMemo(() => formValuesOf(profile), [profile]);
  const start: Progress = { values: initialValues, left: new Set(), submitted: false, serverMessages: {} };
  const progress = useRef(start);
  const [shown, setShown] = useState(() => shownOf(start, profile.version));
  const [logoProblem, setLogoProblem] = useState<string | undefined>(undefined);
  const update = useUpdateCompany();
  const notify = useActionToasts();

  /** Records what changed, and renders the form again only when what it shows changed. */
  const advance = (change: Partial<Progress>) => {
    progress.current = { ...progress.current, ...change };
    const next = shownOf(progress.current, profile.version);
    setShown((current) => (sameShown(current, next) ? current : next));
  };

  const messageOf = (field: ProfileField): string | undefined =>
    field === 'logoDocumentId' && logoProblem !== undefined ? logoProblem : shown.messages[field];
  const item = (field: ProfileField, props: FormItemProps = {}): FormItemProps => {
    const help = messageOf(field);
    return {
      name: field,
      label: fieldLabels[field],
      ...(help === undefined ? {} : { help, validateStatus: 'error' as const }),
      ...props,
    };
  };

  const { siren, ei, franchise } = shown;

  const onValuesChange = (changed: Partial<ProfileFormValues>) => {
    const next: Partial<ProfileFormValues> = { ...changed };
    // An EI has no share capital (DOCUMENTS.md § 1): the field goes, and so does what it held.
    if (changed.legalForm === 'EI') {
      next.shareCapital = '';
      form.setFieldValue('shareCapital', '');
    }
    const { values, serverMessages } = progress.current;
    const kept = { ...serverMessages };
    for (const field of Object.keys(next)) delete kept[field];
    advance({ values: { ...values, ...next }, serverMessages: kept });
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const field = event.target.id;
    const { left } = progress.current;
    if (isProfileField(field) && !left.has(field)) advance({ left: new Set(left).add(field) });
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
    advance({ submitted: true });
    const { data, messages } = validateProfile(progress.current.values, profile.version);
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
        advance({ serverMessages: messages });
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
