/** Companies (spec section 3): the tenants. They carry no companyId of their own. */
import {
  companyStatuses,
  defaultCompanyStatus,
  defaultSubscriptionPlan,
  subscriptionPlans,
} from '../enums.js';
import {
  dateField,
  defaultedField,
  emailField,
  enumField,
  instantField,
  integerField,
  jsonObjectField,
  longTextField,
  optionalField,
  optionalIdField,
  requiredText,
} from '../fields.js';
import { recordFields } from '../record.js';
import * as z from 'zod';
import '../zod-fr.js';
import { contactFields } from './contact.js';

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

/** A company as the API returns it. */
export const companySchema = z.object({
  ...recordFields,
  name: requiredText('Le nom est requis'),
  /** Unique; see `slugify`. */
  slug: z.string(),
  status: defaultedField(enumField(companyStatuses), defaultCompanyStatus),
  ...contactFields,
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
});
export type Company = z.infer<typeof companySchema>;

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
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug === '' ? FALLBACK_SLUG : slug;
}
