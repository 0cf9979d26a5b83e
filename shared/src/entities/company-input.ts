/**
 * The body of `PUT /api/company` parsed by hand, without zod (issue 27, `bench:lambda`: the route
 * starts without zod's code). It answers as the zod schema `companyProfileInput`
 * (`entities/company.ts`, kept for the SPA's "Paramètres" form) does, issue for issue, its two rules
 * across fields included (no share capital for an EI, a French VAT number of the SIRET's SIREN):
 * `company-input.test.ts` compares them on seeded random bodies.
 */
import { isBlank } from '../blank.js';
import {
  booleanAnswer,
  boundedTextAnswer,
  decimalAnswer,
  decimalUnitsAnswer,
  defaulted,
  emailAnswer,
  EMAIL_MAX_LENGTH,
  enumAnswer,
  type FieldAnswer,
  integerRule,
  moneyRule,
  optional,
  optionalIdAnswer,
  percentRule,
  readFields,
  refinedVersionAnswer,
  requiredTextAnswer,
  vatRateAnswer,
} from '../body-fields.js';
import {
  DEFAULT_COUNTRY,
  defaultVatRate,
  defaultVatRegime,
  legalForms,
  vatRates,
  vatRegimes,
} from '../enums.js';
import { identityMessages, vatNumberAgreesWithSiret } from '../legal-identity.js';
import { bicAnswer, ibanAnswer, siretAnswer, vatNumberAnswer } from '../legal-identity-input.js';
import { MONEY_MAX_CENTS } from '../money.js';
import { objectBodyParser, type QueryJsonSchema, type QueryParser } from '../query-parser.js';
import { LONG_TEXT_MAX_LENGTH, TEXT_MAX_LENGTH } from '../text-limits.js';
import type { CompanyProfileData } from './company.js';
import {
  companyProfileMessages as messages,
  type CompanyProfileFieldName,
  DEFAULT_EARLY_PAYMENT_DISCOUNT,
  DEFAULT_LATE_PENALTY_RATE,
  DEFAULT_PAYMENT_TERM_DAYS,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  DEFAULT_RETENTION_RATE,
  DEFAULT_VAT_ON_DEBITS,
  MAX_RETENTION_HUNDREDTHS,
} from './company-profile.js';

const text = optional((value) => boundedTextAnswer(value, TEXT_MAX_LENGTH));

/** `z.enum(values, { error: message })`: `message` for anything but one of `values`. */
const enumWithMessage = (values: readonly string[], message: string) => (value: unknown) => {
  const answer = enumAnswer(value, values);
  return answer.messages.length > 0 ? { ...answer, messages: [message] } : answer;
};

/** `integerField({ min, max, message })`: a whole number, `message` for any refusal. */
const wholeNumber = (min: number, max: number, message: string) => (value: unknown) =>
  decimalUnitsAnswer(value, integerRule(min, max, message));

/**
 * `moneyField({ nonNegative: true, message })` for the share capital: an amount refused by zod's
 * transform is not kept (it leaves no amount), so the EI rule reads it as not given; a value its
 * union refused is kept as sent (`NaN` is a number given).
 */
function shareCapitalAnswer(value: unknown): FieldAnswer {
  const answer = decimalAnswer(value, moneyRule({ nonNegative: true, message: messages.shareCapital }));
  const typeRefused = (typeof value !== 'string' && typeof value !== 'number') || Number.isNaN(value);
  return answer.messages.length > 0 && !typeRefused ? { ...answer, value: undefined } : answer;
}

/** `retentionRateField`: a percentage with at most two decimals, then at most 5 % (a check that does not stop the rules). */
function retentionRateAnswer(value: unknown): FieldAnswer {
  const answer = decimalAnswer(value, percentRule({ message: messages.defaultRetentionRate }));
  if (answer.messages.length > 0) return answer;
  return Number((answer.value as string).replace('.', '')) <= MAX_RETENTION_HUNDREDTHS
    ? answer
    : { value: answer.value, messages: [messages.defaultRetentionRate] };
}

/** `companyProfileFields` (`entities/company.ts`), in its order. */
const companyProfileFields: Record<CompanyProfileFieldName, (value: unknown) => FieldAnswer> = {
  name: (value) => requiredTextAnswer(value, messages.name, TEXT_MAX_LENGTH),
  legalForm: optional(enumWithMessage(legalForms, messages.legalForm)),
  shareCapital: optional(shareCapitalAnswer),
  siret: optional(siretAnswer),
  registration: text,
  vatNumber: optional(vatNumberAnswer),
  address: text,
  postalCode: text,
  city: text,
  country: defaulted((value) => boundedTextAnswer(value, TEXT_MAX_LENGTH), DEFAULT_COUNTRY),
  email: optional((value) => emailAnswer(value, messages.email)),
  phone: text,
  website: text,
  logoDocumentId: optionalIdAnswer,
  iban: optional(ibanAnswer),
  bic: optional(bicAnswer),
  insurer: text,
  insurerAddress: text,
  insurancePolicyNumber: text,
  insuranceActivities: optional((value) => boundedTextAnswer(value, LONG_TEXT_MAX_LENGTH)),
  insuranceArea: text,
  vatRegime: defaulted(enumWithMessage(vatRegimes, messages.vatRegime), defaultVatRegime),
  vatOnDebits: defaulted((value) => booleanAnswer(value, messages.vatOnDebits), DEFAULT_VAT_ON_DEBITS),
  paymentTermDays: defaulted(wholeNumber(0, 60, messages.paymentTermDays), DEFAULT_PAYMENT_TERM_DAYS),
  latePenaltyRate: defaulted((value) => boundedTextAnswer(value, TEXT_MAX_LENGTH), DEFAULT_LATE_PENALTY_RATE),
  earlyPaymentDiscount: defaulted(
    (value) => boundedTextAnswer(value, TEXT_MAX_LENGTH),
    DEFAULT_EARLY_PAYMENT_DISCOUNT,
  ),
  quoteValidityDays: defaulted(wholeNumber(1, 365, messages.quoteValidityDays), DEFAULT_QUOTE_VALIDITY_DAYS),
  defaultVatRate: defaulted(vatRateAnswer, defaultVatRate),
  defaultRetentionRate: defaulted(retentionRateAnswer, DEFAULT_RETENTION_RATE),
};

const textSchema: QueryJsonSchema = { type: 'string', maxLength: TEXT_MAX_LENGTH };
const companyProfileProperties: Record<CompanyProfileFieldName | 'version', QueryJsonSchema> = {
  name: { type: 'string', minLength: 1, maxLength: TEXT_MAX_LENGTH },
  legalForm: { type: 'string', enum: [...legalForms] },
  shareCapital: { type: ['string', 'number'], minimum: 0, maximum: MONEY_MAX_CENTS / 100 },
  siret: { type: 'string', minLength: 14, maxLength: 14 },
  registration: textSchema,
  vatNumber: textSchema,
  address: textSchema,
  postalCode: textSchema,
  city: textSchema,
  country: textSchema,
  email: { type: 'string', format: 'email', maxLength: EMAIL_MAX_LENGTH },
  phone: textSchema,
  website: textSchema,
  logoDocumentId: { type: 'string', format: 'uuid' },
  iban: textSchema,
  bic: { type: 'string', minLength: 8, maxLength: 11 },
  insurer: textSchema,
  insurerAddress: textSchema,
  insurancePolicyNumber: textSchema,
  insuranceActivities: { type: 'string', maxLength: LONG_TEXT_MAX_LENGTH },
  insuranceArea: textSchema,
  vatRegime: { type: 'string', enum: [...vatRegimes] },
  vatOnDebits: { type: 'boolean' },
  paymentTermDays: { type: ['string', 'number'], minimum: 0, maximum: 60 },
  latePenaltyRate: textSchema,
  earlyPaymentDiscount: textSchema,
  quoteValidityDays: { type: ['string', 'number'], minimum: 1, maximum: 365 },
  defaultVatRate: { type: 'string', enum: [...vatRates] },
  defaultRetentionRate: { type: ['string', 'number'], minimum: 0, maximum: 5 },
  version: { type: 'integer', minimum: 1 },
};

/** Whether a value was given (`company.ts`' `given`): a number, or text that is not blank. */
const given = (value: unknown): boolean =>
  typeof value === 'number' || (typeof value === 'string' && !isBlank(value));

/**
 * `PUT /api/company`'s body: the whole profile and the `version` read; the two rules across fields
 * checked whatever else is wrong, but a version that is not a whole number (zod's explicit abort).
 */
export const companyProfileParser: QueryParser<CompanyProfileData> = objectBodyParser(
  (body) => {
    const { values, issues, stopped } = readFields(body, {
      ...companyProfileFields,
      version: refinedVersionAnswer,
    });
    if (!stopped) {
      if (values.legalForm === 'EI' && given(values.shareCapital)) {
        issues.push({ path: ['shareCapital'], message: messages.shareCapitalOfEi });
      }
      if (!vatNumberAgreesWithSiret(values.vatNumber, values.siret)) {
        issues.push({ path: ['vatNumber'], message: identityMessages.vatSirenMismatch });
      }
    }
    return { issues, data: () => values as unknown as CompanyProfileData };
  },
  { type: 'object', properties: companyProfileProperties, required: ['name'] },
);
