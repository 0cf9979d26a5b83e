/**
 * The legal identifiers of `legal-identity-fields.ts` (SIRET, VAT number, IBAN, BIC) read by hand,
 * without zod, for the bodies parsed by hand (`entities/client-input.ts`, `entities/company-input.ts`;
 * issue 27, `bench:lambda`): the same normalised output and the same messages.
 */
import { isBlank } from './blank.js';
import type { FieldAnswer } from './body-fields.js';
import {
  bicProblem,
  ibanProblem,
  normaliseIdentifier,
  siretProblem,
  vatNumberProblem,
} from './legal-identity.js';

/**
 * `identifierField(problem, required)` given a value that is not blank (`optional` reads blank as
 * absent): text normalised by `normaliseIdentifier`, then `problem`'s message, or `required` when
 * nothing is left; output the normalised text. Each refusal stops the object's refinements (zod's
 * type check, then its transform), and a refused text is not kept (the refinements read it as absent).
 */
function identifierAnswer(
  value: unknown,
  problem: (normalised: string) => string | undefined,
  required: string,
): FieldAnswer {
  if (typeof value !== 'string') {
    return { value, messages: [isBlank(value) ? required : (problem('') ?? required)], aborts: true };
  }
  const normalised = normaliseIdentifier(value);
  const message = normalised === '' ? required : problem(normalised);
  return message === undefined
    ? { value: normalised, messages: [] }
    : { value: undefined, messages: [message], aborts: true };
}

/** `siretField()`. */
export const siretAnswer = (value: unknown) => identifierAnswer(value, siretProblem, 'Le SIRET est requis');
/** `vatNumberField()`. */
export const vatNumberAnswer = (value: unknown) =>
  identifierAnswer(value, vatNumberProblem, 'Le numéro de TVA est requis');
/** `ibanField()`. */
export const ibanAnswer = (value: unknown) => identifierAnswer(value, ibanProblem, "L'IBAN est requis");
/** `bicField()`. */
export const bicAnswer = (value: unknown) => identifierAnswer(value, bicProblem, 'Le BIC est requis');
