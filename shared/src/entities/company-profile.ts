/**
 * The company profile's defaults, what issuing a document needs of it (DOCUMENTS.md § 1) and the
 * company's slug, apart
 * from the company schemas (`company.ts`, which re-exports them) so that the data layer and the
 * services reading a company do not load zod (issue 27, `bench:lambda`).
 */
import { isBlank } from '../blank.js';
import { DEFAULT_COUNTRY, defaultVatRate, defaultVatRegime } from '../enums.js';
import {
  ibanProblem,
  identityMessages,
  normaliseIdentifier,
  sirenOfSiret,
  siretProblem,
  vatNumberAgreesWithSiret,
  vatNumberProblem,
} from '../legal-identity.js';
import { foldedText } from '../text-fold.js';
import type { ValidationDetail } from '../validation.js';

/**
 * The editable fields of the company's legal profile, in the order of the "Paramètres" form and of
 * `companyProfileFields` (`company.ts`, which is checked against this list): written out here, apart
 * from the schema, so that the company service, the issuer and the SPA's form share one list
 * without loading zod (issue 27).
 */
export const companyProfileFieldNames = [
  'name',
  'legalForm',
  'shareCapital',
  'siret',
  'registration',
  'vatNumber',
  'address',
  'postalCode',
  'city',
  'country',
  'email',
  'phone',
  'website',
  'logoDocumentId',
  'iban',
  'bic',
  'insurer',
  'insurerAddress',
  'insurancePolicyNumber',
  'insuranceActivities',
  'insuranceArea',
  'vatRegime',
  'vatOnDebits',
  'paymentTermDays',
  'latePenaltyRate',
  'earlyPaymentDiscount',
  'quoteValidityDays',
  'defaultVatRate',
  'defaultRetentionRate',
] as const;
export type CompanyProfileFieldName = (typeof companyProfileFieldNames)[number];

/** DOCUMENTS.md § 1: defaults of the profile, for new documents and payment terms. */
export const DEFAULT_PAYMENT_TERM_DAYS = 30;
export const DEFAULT_LATE_PENALTY_RATE = "trois fois le taux d'intérêt légal";
export const DEFAULT_EARLY_PAYMENT_DISCOUNT = "Pas d'escompte pour paiement anticipé";
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;
export const DEFAULT_RETENTION_RATE = '5.00';
export const DEFAULT_VAT_ON_DEBITS = false;
/** The profile fields that have a default, with it: what a company stored before the profile reads as. */
export const companyProfileDefaults = {
  country: DEFAULT_COUNTRY,
  vatRegime: defaultVatRegime,
  vatOnDebits: DEFAULT_VAT_ON_DEBITS,
  paymentTermDays: DEFAULT_PAYMENT_TERM_DAYS,
  latePenaltyRate: DEFAULT_LATE_PENALTY_RATE,
  earlyPaymentDiscount: DEFAULT_EARLY_PAYMENT_DISCOUNT,
  quoteValidityDays: DEFAULT_QUOTE_VALIDITY_DAYS,
  defaultVatRate,
  defaultRetentionRate: DEFAULT_RETENTION_RATE,
} as const;

/**
 * A company record as read from the table, with the profile's defaults for what it lacks (companies
 * made before the profile existed) and `siren` derived from its SIRET (absent unless the SIRET is
 * valid).
 */
export function companyWithDefaults<T extends object>(
  stored: T,
): T & typeof companyProfileDefaults & { siren?: string } {
  const withDefaults: Record<string, unknown> = { ...(stored as Record<string, unknown>) };
  for (const [field, value] of Object.entries(companyProfileDefaults)) {
    if (isBlank(withDefaults[field])) withDefaults[field] = value;
  }
  const siren = sirenOfSiret((stored as { siret?: string | null }).siret);
  if (siren === undefined) delete withDefaults.siren;
  else withDefaults.siren = siren;
  return withDefaults as T & typeof companyProfileDefaults & { siren?: string };
}

/** What `missingProfileFields` reads of a company. */
export type CompanyIdentity = Partial<
  Record<
    | 'name'
    | 'legalForm'
    | 'address'
    | 'postalCode'
    | 'city'
    | 'siret'
    | 'registration'
    | 'vatNumber'
    | 'vatRegime'
    | 'insurer'
    | 'insurancePolicyNumber'
    | 'insuranceArea'
    | 'iban',
    string | null
  >
>;

export const missingFieldMessages = {
  name: "Le nom de l'entreprise est requis",
  legalForm: 'La forme juridique est requise',
  address: "L'adresse de l'entreprise est requise",
  postalCode: 'Le code postal est requis',
  city: 'La ville est requise',
  siret: 'Le SIRET est requis',
  registration: "L'immatriculation (RCS ou RM) est requise",
  vatNumber: 'Le numéro de TVA intracommunautaire est requis',
  insurer: "L'assureur (décennale ou RC professionnelle) est requis",
  insurancePolicyNumber: "Le numéro de police d'assurance est requis",
  insuranceArea: "La zone géographique couverte par l'assurance est requise",
  iban: "L'IBAN est requis pour émettre une facture",
} as const;

/**
 * What the company's identity lacks before a quote (`forInvoice: false`) or an invoice
 * (`forInvoice: true`) can be issued (DOCUMENTS.md § 1): one `{path, message}` per field, in the
 * order of the "Paramètres" form, with a French message; `[]` when nothing is missing. A SIRET, VAT
 * number or IBAN that is present but invalid is reported with its field's message. The VAT number
 * is not needed under the franchise regime; the IBAN only for invoices.
 */
export function missingProfileFields(
  company: CompanyIdentity,
  options: { forInvoice: boolean },
): ValidationDetail[] {
  const missing: ValidationDetail[] = [];
  const text = (field: keyof CompanyIdentity): string | undefined => {
    const value = company[field];
    return typeof value === 'string' && !isBlank(value) ? value : undefined;
  };
  const need = (
    field: keyof typeof missingFieldMessages,
    problem?: (value: string) => string | undefined,
  ) => {
    const value = text(field);
    const message = value === undefined ? missingFieldMessages[field] : problem?.(normaliseIdentifier(value));
    if (message !== undefined) missing.push({ path: field, message });
  };
  need('name');
  need('legalForm');
  need('address');
  need('postalCode');
  need('city');
  need('siret', siretProblem);
  need('registration');
  if (company.vatRegime !== 'franchise') {
    need(
      'vatNumber',
      (vat) =>
        vatNumberProblem(vat) ??
        (vatNumberAgreesWithSiret(vat, text('siret')) ? undefined : identityMessages.vatSirenMismatch),
    );
  }
  need('insurer');
  need('insurancePolicyNumber');
  need('insuranceArea');
  if (options.forInvoice) need('iban', ibanProblem);
  return missing;
}

/** The longest slug `slugify` writes. */
export const MAX_SLUG_LENGTH = 60;

/** Used when a name has no letter or digit at all. */
const FALLBACK_SLUG = 'entreprise';

/**
 * The URL-safe key of a company name: lower case, accents removed (œ → oe, æ → ae, ß → ss), every
 * run of other characters turned into one '-', no '-' at either end, at most 60 characters.
 * "Bâtiment & Fils SARL" → "batiment-fils-sarl". A name without any letter or digit gives "entreprise".
 */
export function slugify(name: string): string {
  const slug = foldedText(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug === '' ? FALLBACK_SLUG : slug;
}

/** Loi 71-584 du 16 juillet 1971: a retention never exceeds 5 % of the contract, in hundredths of a percent. */
export const MAX_RETENTION_HUNDREDTHS = 500;

export const companyProfileMessages = {
  name: "Le nom de l'entreprise est requis",
  legalForm: 'La forme juridique doit être EI, EURL, SARL, SAS, SASU, SA, SCOP ou Autre',
  shareCapital: 'Le capital social doit être un montant positif ou nul, par exemple 10 000,00',
  shareCapitalOfEi: "Une entreprise individuelle (EI) n'a pas de capital social : laissez ce champ vide",
  email: "L'adresse e-mail de l'entreprise doit être valide",
  vatRegime: 'Le régime de TVA doit être « normal » ou « franchise »',
  vatOnDebits: "L'option pour la TVA sur les débits doit être oui ou non",
  paymentTermDays: 'Le délai de paiement doit être un nombre entier de jours entre 0 et 60',
  quoteValidityDays: 'La durée de validité des devis doit être un nombre entier de jours entre 1 et 365',
  defaultRetentionRate:
    'Le taux de retenue de garantie doit être compris entre 0 et 5 %, avec au plus deux décimales',
} as const;
