import type { CompanyProfile } from '@btp/shared/entities/company';
import { Alert } from 'antd';

import { useCompany } from '../api/company/get-company';
// The session is the auth feature's query; the app layer reads it the same way (sidebar, guards).
import { useMe } from '../features/auth/api/get-me';
import { ButtonLink } from './button-link';

/** Where the company's profile is completed (app/screens.ts declares the screen). */
const SETTINGS_PATH = '/settings';

/** How the banner names each field `missingFields` may list (the fields of DOCUMENTS.md § 1). */
const missingFieldLabels: Partial<Record<string, string>> = {
  name: "nom de l'entreprise",
  legalForm: 'forme juridique',
  address: 'adresse',
  postalCode: 'code postal',
  city: 'ville',
  siret: 'SIRET',
  registration: 'immatriculation (RCS ou RM)',
  vatNumber: 'n° de TVA intracommunautaire',
  insurer: 'assureur',
  insurancePolicyNumber: "n° de police d'assurance",
  insuranceArea: "zone couverte par l'assurance",
  iban: 'IBAN',
};

/**
 * What the company must complete before it can send its documents, as one French sentence
 * ("Pour envoyer des devis et des factures, complétez : SIRET, assureur, IBAN."), or `undefined`
 * when nothing is missing. A field missing for invoices only (the IBAN) speaks of invoices only.
 */
export function missingProfileSentence(missing: CompanyProfile['missingFields']): string | undefined {
  const labels = new Map<string, string>();
  for (const { path, message } of [...missing.quote, ...missing.invoice]) {
    if (!labels.has(path)) labels.set(path, missingFieldLabels[path] ?? message);
  }
  if (labels.size === 0) return undefined;
  const documents = missing.quote.length > 0 ? 'des devis et des factures' : 'des factures';
  return `Pour envoyer ${documents}, complétez : ${[...labels.values()].join(', ')}.`;
}

/**
 * On Devis and Facturation (DOCUMENTS.md § 1): while the company's legal profile lacks what a quote
 * or an invoice must print, a warning says what is missing; its administrator gets a link to the
 * settings screen, a colleague is told to ask them. Nothing while loading, once complete, when the
 * profile cannot be read, or for a super administrator (no company of their own).
 */
export function CompanyProfileBanner() {
  const me = useMe();
  const hasCompany = Boolean(me.data?.companyId);
  const company = useCompany({ enabled: hasCompany });
  if (!hasCompany || company.data === undefined) return null;
  const sentence = missingProfileSentence(company.data.missingFields);
  if (sentence === undefined) return null;
  const admin = me.data?.role === 'company_admin';

  return (
    <Alert
      type="warning"
      showIcon
      title="Profil de l'entreprise incomplet"
      style={{ marginBottom: 16 }}
      description={
        <>
          <p style={{ margin: 0 }}>{sentence}</p>
          {admin ? (
            <ButtonLink to={SETTINGS_PATH} size="large" style={{ marginTop: 8 }}>
              Compléter le profil
            </ButtonLink>
          ) : (
            <p style={{ margin: '4px 0 0' }}>
              Demandez à l'administrateur de votre entreprise de le compléter dans Paramètres.
            </p>
          )}
        </>
      }
    />
  );
}
