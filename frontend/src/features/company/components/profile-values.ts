import {
  companyProfileInput,
  type CompanyProfile,
  type CompanyProfileData,
} from '@btp/shared/entities/company';
import { companyProfileFieldNames } from '@btp/shared/entities/company-profile';
import { formatIban, formatSiret } from '@btp/shared/legal-identity';

import { validateWith, type FormValidation } from '../../../lib/zod-validation';

/**
 * The profile as the form holds it: text as typed (identifiers grouped for reading, decimals with a
 * comma), the legal form as chosen, the VAT-on-debits option as a switch.
 */
export interface ProfileFormValues {
  name: string;
  legalForm: string | undefined;
  shareCapital: string;
  siret: string;
  registration: string;
  vatNumber: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  email: string;
  phone: string;
  website: string;
  logoDocumentId: string;
  iban: string;
  bic: string;
  insurer: string;
  insurerAddress: string;
  insurancePolicyNumber: string;
  insuranceActivities: string;
  insuranceArea: string;
  vatRegime: string;
  vatOnDebits: boolean;
  paymentTermDays: string;
  latePenaltyRate: string;
  earlyPaymentDiscount: string;
  quoteValidityDays: string;
  defaultVatRate: string;
  defaultRetentionRate: string;
}

export type ProfileField = keyof ProfileFormValues;

/** The form's fields in screen order: where the messages land, the first one scrolled to. */
export const profileFields = companyProfileFieldNames satisfies readonly ProfileField[];

/** The labels of the fields, shared by the form and the read-only view. */
export const fieldLabels: Record<ProfileField, string> = {
  name: "Nom de l'entreprise",
  legalForm: 'Forme juridique',
  shareCapital: 'Capital social (€)',
  siret: 'SIRET',
  registration: 'Immatriculation',
  vatNumber: 'N° de TVA intracommunautaire',
  address: 'Adresse',
  postalCode: 'Code postal',
  city: 'Ville',
  country: 'Pays',
  email: 'E-mail',
  phone: 'Téléphone',
  website: 'Site web',
  logoDocumentId: 'Logo',
  iban: 'IBAN',
  bic: 'BIC',
  insurer: 'Assureur',
  insurerAddress: "Adresse de l'assureur",
  insurancePolicyNumber: 'N° de police',
  insuranceActivities: 'Activités couvertes',
  insuranceArea: 'Zone géographique couverte',
  vatRegime: 'Régime de TVA',
  vatOnDebits: 'TVA sur les débits',
  paymentTermDays: 'Délai de paiement',
  latePenaltyRate: 'Pénalités de retard',
  earlyPaymentDiscount: 'Escompte pour paiement anticipé',
  quoteValidityDays: 'Validité des devis',
  defaultVatRate: 'Taux de TVA par défaut',
  defaultRetentionRate: 'Retenue de garantie par défaut (%)',
};

/** "10000.00" → "10000,00": a decimal of the API as a French person types it. */
export function frenchDecimal(value: string | undefined): string {
  return value === undefined ? '' : value.replace('.', ',');
}

/** "732829320" → "732 829 320". */
export function formatSiren(siren: string): string {
  return siren.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
}

/** The form's values for a profile as `GET /api/company` answers it. */
export function formValuesOf(profile: CompanyProfile): ProfileFormValues {
  const text = (value: string | undefined) => value ?? '';
  return {
    name: profile.name,
    legalForm: profile.legalForm,
    shareCapital: frenchDecimal(profile.shareCapital),
    siret: profile.siret === undefined ? '' : formatSiret(profile.siret),
    registration: text(profile.registration),
    vatNumber: text(profile.vatNumber),
    address: text(profile.address),
    postalCode: text(profile.postalCode),
    city: text(profile.city),
    country: profile.country,
    email: text(profile.email),
    phone: text(profile.phone),
    website: text(profile.website),
    logoDocumentId: text(profile.logoDocumentId),
    iban: profile.iban === undefined ? '' : formatIban(profile.iban),
    bic: text(profile.bic),
    insurer: text(profile.insurer),
    insurerAddress: text(profile.insurerAddress),
    insurancePolicyNumber: text(profile.insurancePolicyNumber),
    insuranceActivities: text(profile.insuranceActivities),
    insuranceArea: text(profile.insuranceArea),
    vatRegime: profile.vatRegime,
    vatOnDebits: profile.vatOnDebits,
    paymentTermDays: String(profile.paymentTermDays),
    latePenaltyRate: profile.latePenaltyRate,
    earlyPaymentDiscount: profile.earlyPaymentDiscount,
    quoteValidityDays: String(profile.quoteValidityDays),
    defaultVatRate: profile.defaultVatRate,
    defaultRetentionRate: frenchDecimal(profile.defaultRetentionRate),
  };
}

/**
 * Checks the form with the shared `PUT /api/company` schema (each field's rule, the EI capital and
 * the VAT number against the SIRET): the body to send with the `version` read, or the messages.
 */
export function validateProfile(
  values: ProfileFormValues,
  version: number,
): FormValidation<CompanyProfileData> {
  return validateWith(companyProfileInput, { ...values, version });
}
