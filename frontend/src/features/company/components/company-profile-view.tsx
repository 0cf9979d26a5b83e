import type { CompanyProfile } from '@btp/shared/entities/company';
import { labelOf, legalFormLabels, vatRateLabels, vatRegimeLabels } from '@btp/shared/enums';
import { formatIban, formatSiret } from '@btp/shared/legal-identity';
import { formatEuro, parseMoney } from '@btp/shared/money';
import { Card } from 'antd';
import { Fragment, type ReactNode } from 'react';

import styles from './company-settings.module.css';
import { LogoPreview } from './logo-field';
import { fieldLabels, formatSiren, frenchDecimal, type ProfileField } from './profile-values';

const NOT_GIVEN = 'Non renseigné';

function Facts({ rows }: { rows: [ProfileField | 'siren', ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([field, value]) => (
        <Fragment key={field}>
          <dt>{field === 'siren' ? 'SIREN' : fieldLabels[field].replace(/ \((€|%)\)$/, '')}</dt>
          <dd>{value === undefined || value === '' ? NOT_GIVEN : value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function ViewSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className={styles.section} title={<h2 className={styles.sectionTitle}>{title}</h2>}>
      {children}
    </Card>
  );
}

const days = (count: number) => `${count} jour${count > 1 ? 's' : ''}`;

/**
 * The company's profile as a colleague who is not its administrator sees it: every section of the
 * form as text, to read (and copy: a SIRET, an IBAN to give a client), never to change.
 */
export function CompanyProfileView({ profile }: { profile: CompanyProfile }) {
  const ei = profile.legalForm === 'EI';
  return (
    <div className={styles.sections}>
      <ViewSection title="Identité">
        <Facts
          rows={[
            ['name', profile.name],
            ['legalForm', profile.legalForm && labelOf(legalFormLabels, profile.legalForm)],
            ...(ei
              ? []
              : [
                  ['shareCapital', profile.shareCapital && formatEuro(parseMoney(profile.shareCapital))] as [
                    ProfileField,
                    ReactNode,
                  ],
                ]),
            ['siret', profile.siret && formatSiret(profile.siret)],
            ['siren', profile.siren && formatSiren(profile.siren)],
            ['registration', profile.registration],
            ['vatNumber', profile.vatNumber],
          ]}
        />
      </ViewSection>
      <ViewSection title="Coordonnées">
        <Facts
          rows={[
            ['address', profile.address],
            ['postalCode', profile.postalCode],
            ['city', profile.city],
            ['country', profile.country],
            ['email', profile.email],
            ['phone', profile.phone],
            ['website', profile.website],
          ]}
        />
      </ViewSection>
      <ViewSection title="Logo">
        <LogoPreview documentId={profile.logoDocumentId} />
      </ViewSection>
      <ViewSection title="Banque">
        <Facts
          rows={[
            ['iban', profile.iban && formatIban(profile.iban)],
            ['bic', profile.bic],
          ]}
        />
      </ViewSection>
      <ViewSection title="Assurance décennale / RC pro">
        <Facts
          rows={[
            ['insurer', profile.insurer],
            ['insurerAddress', profile.insurerAddress],
            ['insurancePolicyNumber', profile.insurancePolicyNumber],
            ['insuranceActivities', profile.insuranceActivities],
            ['insuranceArea', profile.insuranceArea],
          ]}
        />
      </ViewSection>
      <ViewSection title="TVA et paiement">
        <Facts
          rows={[
            ['vatRegime', labelOf(vatRegimeLabels, profile.vatRegime)],
            ...(profile.vatRegime === 'franchise'
              ? []
              : [['vatOnDebits', profile.vatOnDebits ? 'Oui' : 'Non'] as [ProfileField, ReactNode]]),
            ['paymentTermDays', days(profile.paymentTermDays)],
            ['latePenaltyRate', profile.latePenaltyRate],
            ['earlyPaymentDiscount', profile.earlyPaymentDiscount],
          ]}
        />
      </ViewSection>
      <ViewSection title="Défauts des documents">
        <Facts
          rows={[
            ['quoteValidityDays', days(profile.quoteValidityDays)],
            ['defaultVatRate', labelOf(vatRateLabels, profile.defaultVatRate)],
            ['defaultRetentionRate', `${frenchDecimal(profile.defaultRetentionRate)}\u00a0%`],
          ]}
        />
      </ViewSection>
    </div>
  );
}
