/**
 * Companies (spec section 3): the tenants. They carry no companyId of their own. Each holds its
 * legal identity (DOCUMENTS.md § 1), edited by its administrator through `PUT /api/company`.
 */
import {
  companyStatuses,
  defaultCompanyStatus,
  defaultSubscriptionPlan,
  defaultVatRate,
  defaultVatRegime,
  legalForms,
  subscriptionPlans,
  vatRegimes,
} from '../enums.js';
import {
  boundedText,
  dateField,
  defaultedField,
  emailField,
  enumField,
  instantField,
  integerField,
  isBlank,
  jsonObjectField,
  longTextField,
  moneyField,
  optionalField,
  optionalIdField,
  percentField,
  requiredText,
  TEXT_MAX_LENGTH,
  textField,
  vatRateField,
} from '../fields.js';
import { DEFAULT_REMINDER_SUBJECT, DEFAULT_REMINDER_TEXT, DEFAULT_REMINDERS_ENABLED } from '../reminders.js';
import { DEFAULT_COST_ALERT_THRESHOLD } from '../job-costing.js';
import { identityMessages, vatNumberAgreesWithSiret } from '../legal-identity.js';
import { bicField, ibanField, siretField, vatNumberField } from '../legal-identity-fields.js';
import { recordFields, updateVersionFields } from '../record.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';
import {
  companyProfileMessages,
  DEFAULT_EARLY_PAYMENT_DISCOUNT,
  DEFAULT_LATE_PENALTY_RATE,
  DEFAULT_PAYMENT_TERM_DAYS,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  DEFAULT_RETENTION_RATE,
  DEFAULT_VAT_ON_DEBITS,
  MAX_RETENTION_HUNDREDTHS,
  type CompanyProfileFieldName,
} from './company-profile.js';
import { countryField } from './contact.js';

/** Spec section 9: company defaults. */
export const DEFAULT_MAX_USERS = 5;
export const DEFAULT_CURRENT_USERS = 0;
export const DEFAULT_SUBSCRIPTION_AUTO_RENEW = true;

/** Users a company may have: a whole number from 1 to 1000. */
export const maxUsersField = integerField({
  min: 1,
  max: 1_000,
  message: "Le nombre maximal d'utilisateurs doit être un nombre entier entre 1 et 1 000",
});

export {
  companyProfileDefaults,
  companyWithDefaults,
  DEFAULT_EARLY_PAYMENT_DISCOUNT,
  DEFAULT_LATE_PENALTY_RATE,
  DEFAULT_PAYMENT_TERM_DAYS,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  DEFAULT_RETENTION_RATE,
  DEFAULT_VAT_ON_DEBITS,
  missingFieldMessages,
  companyProfileFieldNames,
  missingProfileFields,
  type CompanyIdentity,
  type CompanyProfileFieldName,
} from './company-profile.js';

// The profile's messages (`company-profile.ts`, no zod: the quote's hand parser reads one).
export { companyProfileMessages } from './company-profile.js';

/** A retention rate: a percentage from 0 to 5 (the legal maximum); output "5.00". */
export const retentionRateField = percentField({
  message: companyProfileMessages.defaultRetentionRate,
}).refine(
  (rate) => Number(rate.replace('.', '')) <= MAX_RETENTION_HUNDREDTHS,
  companyProfileMessages.defaultRetentionRate,
);

/**
 * The editable fields of the company's legal profile (DOCUMENTS.md § 1), as `PUT /api/company`
 * takes them: identifiers are checked and stored normalised (no spaces, upper case); every field
 * but the name may stay empty while the profile is incomplete (`missingProfileFields` says what
 * issuing a document needs). The SPA's "Paramètres" form may build on these.
 */
export const companyProfileFields = {
  /** Unique among companies (through its slug). */
  name: requiredText(companyProfileMessages.name),
  legalForm: optionalField(z.enum(legalForms, { error: companyProfileMessages.legalForm })),
  /** Money; refused for an EI (see `companyProfileInput`). */
  shareCapital: optionalField(
    moneyField({ nonNegative: true, message: companyProfileMessages.shareCapital }),
  ),
  siret: optionalField(siretField()),
  /** As printed: "RCS Lyon 732 829 320" or "RM 69" (artisans). */
  registration: textField,
  /** Must be the SIRET's when French (see `companyProfileInput`). */
  vatNumber: optionalField(vatNumberField()),
  address: textField,
  postalCode: textField,
  city: textField,
  country: countryField,
  email: optionalField(emailField(companyProfileMessages.email)),
  phone: textField,
  website: textField,
  /** A PNG or JPEG document of the company (checked by the server). */
  logoDocumentId: optionalIdField,
  iban: optionalField(ibanField()),
  bic: optionalField(bicField()),
  /** Décennale / RC pro insurance (loi 96-603, L243-2 Code des assurances). */
  insurer: textField,
  insurerAddress: textField,
  insurancePolicyNumber: textField,
  insuranceActivities: longTextField,
  insuranceArea: textField,
  vatRegime: defaultedField(
    z.enum(vatRegimes, { error: companyProfileMessages.vatRegime }),
    defaultVatRegime,
  ),
  vatOnDebits: defaultedField(
    z.boolean({ error: companyProfileMessages.vatOnDebits }),
    DEFAULT_VAT_ON_DEBITS,
  ),
  paymentTermDays: defaultedField(
    integerField({ min: 0, max: 60, message: companyProfileMessages.paymentTermDays }),
    DEFAULT_PAYMENT_TERM_DAYS,
  ),
  latePenaltyRate: defaultedField(boundedText(TEXT_MAX_LENGTH), DEFAULT_LATE_PENALTY_RATE),
  earlyPaymentDiscount: defaultedField(boundedText(TEXT_MAX_LENGTH), DEFAULT_EARLY_PAYMENT_DISCOUNT),
  quoteValidityDays: defaultedField(
    integerField({ min: 1, max: 365, message: companyProfileMessages.quoteValidityDays }),
    DEFAULT_QUOTE_VALIDITY_DAYS,
  ),
  /** One of `vatRates` ("20.00", "10.00", "5.50", "2.10", "0.00"). */
  defaultVatRate: defaultedField(vatRateField(), defaultVatRate),
  defaultRetentionRate: defaultedField(retentionRateField, DEFAULT_RETENTION_RATE),
  // Exactly the fields of `companyProfileFieldNames` (the zod-free list; its test checks the order).
} satisfies Record<CompanyProfileFieldName, z.ZodType>;

/**
 * The profile as stored and answered: the same fields, but identifiers are read as plain text, so
 * that a value stored under older rules still reads (and the form then shows what to fix).
 */
const companyProfileReadFields = {
  ...companyProfileFields,
  siret: textField,
  vatNumber: textField,
  iban: textField,
  bic: textField,
  /** The SIRET's first 9 digits: derived by the server, never taken from a body. */
  siren: textField,
};

/** A company as the API returns it. */
export const companySchema = z.object({
  ...recordFields,
  ...companyProfileReadFields,
  name: requiredText('Le nom est requis'),
  /** Unique; see `slugify`. */
  slug: z.string(),
  status: defaultedField(enumField(companyStatuses), defaultCompanyStatus),
  subscriptionPlan: defaultedField(enumField(subscriptionPlans), defaultSubscriptionPlan),
  subscriptionStartDate: optionalField(dateField()),
  subscriptionEndDate: optionalField(dateField()),
  subscriptionAutoRenew: defaultedField(z.boolean(), DEFAULT_SUBSCRIPTION_AUTO_RENEW),
  billingEmail: optionalField(emailField()),
  maxUsers: defaultedField(maxUsersField, DEFAULT_MAX_USERS),
  currentUsers: defaultedField(
    integerField({ min: 0, max: Number.MAX_SAFE_INTEGER, message: "Le nombre d'utilisateurs est invalide" }),
    DEFAULT_CURRENT_USERS,
  ),
  validatedAt: optionalField(instantField()),
  /** Id of the super administrator who validated the company. */
  validatedBy: optionalIdField,
  settings: defaultedField(jsonObjectField, {}),
  notes: longTextField,
  /** Payment reminders (docs/reminders-notifications.md); absent: `reminderSettingsOf`'s defaults. */
  remindersEnabled: optionalField(z.boolean()),
  reminderSubject: optionalField(z.string()),
  reminderText: optionalField(z.string()),
  /** Job costing's alert threshold, % over budget (docs/profitability.md); absent: 10 %. */
  costAlertThreshold: optionalField(z.string()),
});
export type Company = z.infer<typeof companySchema>;

/** Whether a value was given (before or after parsing): not blank and not a refused field. */
const given = (value: unknown): boolean =>
  typeof value === 'number' || (typeof value === 'string' && !isBlank(value));

/**
 * `PUT /api/company` body: the whole profile plus the `version` read. Besides each field's rules, a
 * share capital is refused for an EI and a French VAT number must be the SIRET's (its SIREN with
 * the key). These two rules are checked even while other fields are wrong, so a form shows every
 * problem at once.
 */
export const companyProfileInput = z
  .object({ ...companyProfileFields, ...updateVersionFields })
  .refine((data) => !(data.legalForm === 'EI' && given(data.shareCapital)), {
    message: companyProfileMessages.shareCapitalOfEi,
    path: ['shareCapital'],
    when: () => true,
  })
  .refine((data) => vatNumberAgreesWithSiret(data.vatNumber, data.siret), {
    message: identityMessages.vatSirenMismatch,
    path: ['vatNumber'],
    when: () => true,
  });
export type CompanyProfileInput = z.input<typeof companyProfileInput>;
export type CompanyProfileData = z.output<typeof companyProfileInput>;

const detailSchema = z.object({ path: z.string(), message: z.string() });

/**
 * `GET /api/company` and `PUT /api/company` answer: the caller's company with its profile (defaults
 * applied), `siren` derived, `version`, its plan and user limit, and what issuing a quote or an
 * invoice still needs (`missingFields`, empty lists once the profile is complete).
 */
export const companyProfileSchema = z.object({
  ...recordFields,
  ...companyProfileReadFields,
  status: defaultedField(enumField(companyStatuses), defaultCompanyStatus),
  subscriptionPlan: defaultedField(enumField(subscriptionPlans), defaultSubscriptionPlan),
  subscriptionEndDate: optionalField(dateField()),
  maxUsers: defaultedField(maxUsersField, DEFAULT_MAX_USERS),
  missingFields: z.object({ quote: z.array(detailSchema), invoice: z.array(detailSchema) }),
  /** Payment reminders (docs/reminders-notifications.md), defaults applied; `PUT /api/company/reminders`. */
  remindersEnabled: defaultedField(z.boolean(), DEFAULT_REMINDERS_ENABLED),
  reminderSubject: defaultedField(z.string(), DEFAULT_REMINDER_SUBJECT),
  reminderText: defaultedField(z.string(), DEFAULT_REMINDER_TEXT),
  /** Job costing's alert threshold, % over budget; `PUT /api/company/costing`. */
  costAlertThreshold: defaultedField(z.string(), DEFAULT_COST_ALERT_THRESHOLD),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

export { MAX_SLUG_LENGTH, slugify } from './company-profile.js';
