/**
 * The zod fields of the legal identifiers (SIRET, SIREN, VAT number, IBAN, BIC), apart from their
 * rules (`legal-identity.ts`, no zod) so that a module needing only the rules (the data layer, a
 * list route) does not load zod (issue 27, `bench:lambda`).
 */
import { isBlank } from './blank.js';
import * as z from './lazy-zod.js';
import {
  bicProblem,
  ibanProblem,
  normaliseIdentifier,
  sirenProblem,
  siretProblem,
  vatNumberProblem,
} from './legal-identity.js';
import './zod-fr.js';

/**
 * A required identifier field: text normalised by `normaliseIdentifier` and checked by `problem`;
 * outputs the normalised value. Wrap it in `optionalField` for an optional one.
 */
function identifierField(problem: (normalised: string) => string | undefined, required: string) {
  return z
    .string({ error: (issue) => (isBlank(issue.input) ? required : problem('')) })
    .transform((value, ctx): string => {
      const normalised = normaliseIdentifier(value);
      const message = normalised === '' ? required : problem(normalised);
      if (message !== undefined) {
        ctx.issues.push({ code: 'custom', input: value, message });
        return z.NEVER;
      }
      return normalised;
    });
}

/** A SIRET: 14 digits with a valid key; stored without spaces. */
export const siretField = (required = 'Le SIRET est requis') => identifierField(siretProblem, required);

/** A SIREN: 9 digits with a valid key; stored without spaces. */
export const sirenField = (required = 'Le SIREN est requis') => identifierField(sirenProblem, required);

/**
 * An intra-community VAT number: a French one with its key checked against the SIREN it carries,
 * another country's in form only; stored without spaces, in upper case. Whether it matches the
 * record's SIRET is the object schema's rule (`vatNumberAgreesWithSiret`).
 */
export const vatNumberField = (required = 'Le numéro de TVA est requis') =>
  identifierField(vatNumberProblem, required);

/** An IBAN with its mod-97 key checked; stored without spaces, in upper case. */
export const ibanField = (required = "L'IBAN est requis") => identifierField(ibanProblem, required);

/** A BIC (8 or 11 characters); stored without spaces, in upper case. */
export const bicField = (required = 'Le BIC est requis') => identifierField(bicProblem, required);
