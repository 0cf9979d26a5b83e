/**
 * French legal identifiers (pure, no I/O): SIREN and SIRET (INSEE, Luhn key), intra-community VAT
 * numbers (French key computed from the SIREN), IBAN (ISO 13616, mod 97) and BIC (ISO 9362).
 *
 * Every check takes the value as typed ("552 100 554 00025", "fr 40 303265045"): `normaliseIdentifier`
 * removes spaces, dots and hyphens and upper-cases it, and the zod fields store that normalised form.
 * Each `…Problem` function gives the French message naming the field, or `undefined` when the value
 * is valid; the zod fields (`legal-identity-fields.ts`) show exactly those messages.
 */

/** The value without spaces (non-breaking ones included), dots or hyphens, in upper case. */
export function normaliseIdentifier(value: string): string {
  return value.replace(/[\s.-]+/g, '').toUpperCase();
}

/** Whether a string of digits passes the Luhn check (ISO/IEC 7812), as SIREN and SIRET do. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    // Every second digit from the right is doubled, and 9 taken off when that gives two digits.
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The digit that, put after `digits`, makes the whole pass the Luhn check. */
export function luhnCheckDigit(digits: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    if (luhnValid(`${digits}${digit}`)) return String(digit);
  }
  throw new Error(`Not digits: ${digits}`);
}

/**
 * La Poste's SIREN. Its establishments are too many for the Luhn key, so INSEE numbers them so that
 * the sum of the SIRET's 14 digits is a multiple of 5 instead.
 */
export const LA_POSTE_SIREN = '356000000';

export const identityMessages = {
  sirenFormat: 'Le SIREN doit comporter 9 chiffres',
  sirenKey: 'Le SIREN est invalide (clé de contrôle)',
  siretFormat: 'Le SIRET doit comporter 14 chiffres',
  siretKey: 'Le SIRET est invalide (clé de contrôle)',
  vatFormat:
    'Le numéro de TVA doit comporter le code du pays (2 lettres) suivi de 2 à 13 chiffres ou lettres, par exemple FR40303265045',
  vatFrenchFormat:
    'Le numéro de TVA français doit comporter FR, une clé de 2 chiffres puis les 9 chiffres du SIREN',
  vatKey: 'Le numéro de TVA est invalide (clé de contrôle)',
  vatSirenMismatch: 'Le numéro de TVA ne correspond pas au SIREN',
  ibanStart: "L'IBAN doit commencer par le code du pays (2 lettres) et 2 chiffres de contrôle",
  ibanCharacters: "L'IBAN ne doit contenir que des lettres et des chiffres",
  ibanLength: "L'IBAN doit comporter entre 15 et 34 caractères",
  ibanFrenchLength: "L'IBAN français doit comporter 27 caractères",
  ibanKey: "L'IBAN est invalide (clé de contrôle)",
  bicLength: 'Le BIC doit comporter 8 ou 11 caractères',
  bicFormat:
    'Le BIC est invalide : 4 lettres pour la banque, 2 pour le pays, 2 lettres ou chiffres pour la ville, puis éventuellement 3 pour l’agence (par exemple BNPAFRPPXXX)',
} as const;

/** Why a (normalised) SIREN is refused, or `undefined` when it is valid. */
export function sirenProblem(siren: string): string | undefined {
  if (!/^\d{9}$/.test(siren)) return identityMessages.sirenFormat;
  if (!luhnValid(siren)) return identityMessages.sirenKey;
  return undefined;
}

export const isSiren = (value: string): boolean => sirenProblem(normaliseIdentifier(value)) === undefined;

/** Why a (normalised) SIRET is refused, or `undefined` when it is valid (La Poste's rule included). */
export function siretProblem(siret: string): string | undefined {
  if (!/^\d{14}$/.test(siret)) return identityMessages.siretFormat;
  if (luhnValid(siret)) return undefined;
  if (siret.startsWith(LA_POSTE_SIREN)) {
    const sum = [...siret].reduce((total, digit) => total + Number(digit), 0);
    if (sum % 5 === 0) return undefined;
  }
  return identityMessages.siretKey;
}

export const isSiret = (value: string): boolean => siretProblem(normaliseIdentifier(value)) === undefined;

/** The SIREN of a valid SIRET (its first 9 digits), or `undefined` when the SIRET is not valid. */
export function sirenOfSiret(siret: string | null | undefined): string | undefined {
  if (typeof siret !== 'string') return undefined;
  const normalised = normaliseIdentifier(siret);
  return siretProblem(normalised) === undefined ? normalised.slice(0, 9) : undefined;
}

/** The 2-digit key of a French VAT number: (12 + 3 × (SIREN mod 97)) mod 97, zero-padded. */
export function frenchVatKey(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return String(key).padStart(2, '0');
}

/** The French VAT number of a SIREN: `FR` + key + SIREN ("FR40303265045"). */
export function frenchVatNumber(siren: string): string {
  const normalised = normaliseIdentifier(siren);
  return `FR${frenchVatKey(normalised)}${normalised}`;
}

/** Whether a (normalised) VAT number is French, i.e. starts with `FR`. */
export const isFrenchVatNumber = (vatNumber: string): boolean => vatNumber.startsWith('FR');

/**
 * Why a (normalised) VAT number is refused, or `undefined` when it is valid. A French one must be
 * `FR` + its key + a valid SIREN; another country's is only checked in form (2 letters + 2 to 13
 * letters or digits), since each country has its own key.
 */
export function vatNumberProblem(vatNumber: string): string | undefined {
  if (!/^[A-Z]{2}[A-Z0-9]{2,13}$/.test(vatNumber)) return identityMessages.vatFormat;
  if (!isFrenchVatNumber(vatNumber)) return undefined;
  if (!/^FR\d{11}$/.test(vatNumber)) return identityMessages.vatFrenchFormat;
  const siren = vatNumber.slice(4);
  if (!luhnValid(siren) || vatNumber.slice(2, 4) !== frenchVatKey(siren)) return identityMessages.vatKey;
  return undefined;
}

export const isVatNumber = (value: string): boolean =>
  vatNumberProblem(normaliseIdentifier(value)) === undefined;

/**
 * Whether a VAT number belongs to the company of this SIREN: a French VAT number must be the one
 * computed from it; another country's number cannot be compared and is accepted.
 */
export function vatNumberMatchesSiren(vatNumber: string, siren: string): boolean {
  const normalised = normaliseIdentifier(vatNumber);
  if (!isFrenchVatNumber(normalised)) return true;
  return normalised === frenchVatNumber(siren);
}

/**
 * The cross-field rule of a form with a SIRET and a VAT number, on the values as typed or parsed:
 * `false` only when both are valid and a French VAT number names another SIREN (each field's own
 * problems are its field's to report).
 */
export function vatNumberAgreesWithSiret(vatNumber: unknown, siret: unknown): boolean {
  if (typeof vatNumber !== 'string' || typeof siret !== 'string') return true;
  const vat = normaliseIdentifier(vatNumber);
  const siren = sirenOfSiret(siret);
  if (siren === undefined || vatNumberProblem(vat) !== undefined) return true;
  return vatNumberMatchesSiren(vat, siren);
}

/**
 * The remainder modulo 97 of the number ISO 13616 reads in `text` (digits as they are, letters as
 * 10 (A) to 35 (Z)), computed digit by digit so that no big number is ever built.
 */
function remainder97(text: string): number {
  let remainder = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    remainder =
      code >= 65 && code <= 90 ? (remainder * 100 + code - 55) % 97 : (remainder * 10 + code - 48) % 97;
  }
  return remainder;
}

/** The 2 check digits of an IBAN of this country and BBAN (account number in the country's form). */
export function ibanCheckDigits(country: string, bban: string): string {
  return String(98 - remainder97(`${bban}${country}00`)).padStart(2, '0');
}

/** IBAN lengths the product knows for certain; any other country: 15 to 34 characters. */
const ibanLengths: Record<string, number> = { FR: 27 };

/** Why a (normalised) IBAN is refused, or `undefined` when it is valid. */
export function ibanProblem(iban: string): string | undefined {
  if (!/^[A-Z]{2}\d{2}/.test(iban)) return identityMessages.ibanStart;
  if (!/^[A-Z0-9]+$/.test(iban)) return identityMessages.ibanCharacters;
  const expected = ibanLengths[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return identityMessages.ibanFrenchLength;
  if (iban.length < 15 || iban.length > 34) return identityMessages.ibanLength;
  // The first 4 characters go to the end; the whole, letters as numbers, is 1 modulo 97.
  if (remainder97(`${iban.slice(4)}${iban.slice(0, 4)}`) !== 1) return identityMessages.ibanKey;
  return undefined;
}

export const isIban = (value: string): boolean => ibanProblem(normaliseIdentifier(value)) === undefined;

/** Why a (normalised) BIC is refused, or `undefined` when it is valid: `AAAABBCC` or `AAAABBCCDDD`. */
export function bicProblem(bic: string): string | undefined {
  if (bic.length !== 8 && bic.length !== 11) return identityMessages.bicLength;
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) return identityMessages.bicFormat;
  return undefined;
}

export const isBic = (value: string): boolean => bicProblem(normaliseIdentifier(value)) === undefined;

/** A SIRET as printed: "552 100 554 00025" (the value as given when it is not 14 digits). */
export function formatSiret(siret: string): string {
  const normalised = normaliseIdentifier(siret);
  if (!/^\d{14}$/.test(normalised)) return siret;
  return `${normalised.slice(0, 3)} ${normalised.slice(3, 6)} ${normalised.slice(6, 9)} ${normalised.slice(9)}`;
}

/** An IBAN as printed: groups of 4 characters ("FR76 3000 6000 0112 3456 7890 189"). */
export function formatIban(iban: string): string {
  return normaliseIdentifier(iban).replace(/(.{4})(?=.)/g, '$1 ');
}
