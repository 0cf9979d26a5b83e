import { describe, expect, it } from 'vitest';
import { optionalField } from './fields.js';
import {
  bicProblem,
  formatIban,
  formatSiret,
  frenchVatKey,
  frenchVatNumber,
  ibanCheckDigits,
  ibanProblem,
  identityMessages,
  isBic,
  isIban,
  isSiren,
  isSiret,
  isVatNumber,
  LA_POSTE_SIREN,
  luhnCheckDigit,
  luhnValid,
  normaliseIdentifier,
  sirenOfSiret,
  sirenProblem,
  siretProblem,
  vatNumberAgreesWithSiret,
  vatNumberMatchesSiren,
  vatNumberProblem,
} from './legal-identity.js';
import { bicField, ibanField, siretField, vatNumberField } from './legal-identity-fields.js';

/** A small seeded generator (mulberry32), so every run checks the same cases. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const digits = (count: number) =>
    Array.from({ length: count }, () => String(Math.floor(next() * 10))).join('');
  return { next, digits };
}

/** Every string that differs from `value` by exactly one digit. */
function singleDigitChanges(value: string): string[] {
  const changed: string[] = [];
  for (let index = 0; index < value.length; index += 1) {
    if (!/\d/.test(value[index] as string)) continue;
    for (let digit = 0; digit <= 9; digit += 1) {
      if (String(digit) === value[index]) continue;
      changed.push(`${value.slice(0, index)}${digit}${value.slice(index + 1)}`);
    }
  }
  return changed;
}

const CASES = 300;

describe('normaliseIdentifier', () => {
  it('removes spaces (non-breaking ones too), dots and hyphens, and upper-cases', () => {
    expect(normaliseIdentifier(' 552\u00a0100 554.000-25 ')).toBe('55210055400025');
    expect(normaliseIdentifier('fr 40 303\u202f265 045')).toBe('FR40303265045');
  });
});

describe('Luhn', () => {
  it('accepts known numbers and gives the check digit', () => {
    expect(luhnValid('303265045')).toBe(true);
    expect(luhnValid('732829320')).toBe(true);
    expect(luhnValid('732829321')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('12a')).toBe(false);
    expect(luhnCheckDigit('30326504')).toBe('5');
  });
});

describe('SIREN', () => {
  it('requires 9 digits with a valid key', () => {
    expect(sirenProblem('303265045')).toBeUndefined();
    expect(isSiren('303 265 045')).toBe(true);
    expect(sirenProblem('30326504')).toBe(identityMessages.sirenFormat);
    expect(sirenProblem('30326504A')).toBe(identityMessages.sirenFormat);
    expect(sirenProblem('303265046')).toBe(identityMessages.sirenKey);
  });

  it('property: a generated valid SIREN is accepted and every single-digit change of it refused', () => {
    const random = seeded(13);
    const wrong: string[] = [];
    for (let run = 0; run < CASES; run += 1) {
      const body = random.digits(8);
      const siren = `${body}${luhnCheckDigit(body)}`;
      if (sirenProblem(siren) !== undefined) wrong.push(`refused ${siren}`);
      for (const changed of singleDigitChanges(siren)) {
        if (sirenProblem(changed) !== identityMessages.sirenKey) wrong.push(`accepted ${changed}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('SIRET', () => {
  it('requires 14 digits with a valid key, and gives its SIREN', () => {
    expect(siretProblem('73282932000074')).toBeUndefined();
    expect(isSiret('732 829 320 00074')).toBe(true);
    expect(sirenOfSiret('732 829 320 00074')).toBe('732829320');
    expect(siretProblem('7328293200007')).toBe(identityMessages.siretFormat);
    expect(siretProblem('73282932000075')).toBe(identityMessages.siretKey);
    expect(sirenOfSiret('73282932000075')).toBeUndefined();
    expect(sirenOfSiret(undefined)).toBeUndefined();
  });

  it("accepts La Poste's establishments by the sum of their digits, and its head office by Luhn", () => {
    // 3+5+6+0+…+1+9 = 24: not a multiple of 5, and not Luhn-valid either.
    expect(siretProblem(`${LA_POSTE_SIREN}00019`)).toBe(identityMessages.siretKey);
    // Sum 20, not Luhn-valid: accepted for La Poste only.
    expect(siretProblem(`${LA_POSTE_SIREN}00051`)).toBeUndefined();
    expect(luhnValid(`${LA_POSTE_SIREN}00051`)).toBe(false);
    expect(siretProblem('12345678200052')).toBe(identityMessages.siretKey);
    // The head office, 356 000 000 00048, passes Luhn (its digit sum is 26).
    expect(siretProblem('35600000000048')).toBeUndefined();
    expect(sirenOfSiret('35600000000048')).toBe(LA_POSTE_SIREN);
  });

  it('property: a generated valid SIRET is accepted and every single-digit change of it refused', () => {
    const random = seeded(14);
    const wrong: string[] = [];
    for (let run = 0; run < CASES; run += 1) {
      let body = random.digits(13);
      while (body.startsWith(LA_POSTE_SIREN)) body = random.digits(13);
      const siret = `${body}${luhnCheckDigit(body)}`;
      if (siretProblem(siret) !== undefined || sirenOfSiret(siret) !== siret.slice(0, 9))
        wrong.push(`refused ${siret}`);
      for (const changed of singleDigitChanges(siret)) {
        // A change that lands on La Poste's SIREN follows La Poste's rule instead.
        if (changed.startsWith(LA_POSTE_SIREN)) continue;
        if (siretProblem(changed) !== identityMessages.siretKey) wrong.push(`accepted ${changed}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('VAT numbers', () => {
  it('compute the French key from the SIREN', () => {
    expect(frenchVatKey('303265045')).toBe('40');
    expect(frenchVatNumber('303 265 045')).toBe('FR40303265045');
    // A key below 10 keeps its leading zero: 12 + 3 × (SIREN mod 97) ≡ 3 (mod 97) for this SIREN.
    const random = seeded(3);
    let small: string | undefined;
    for (let run = 0; run < 5000 && small === undefined; run += 1) {
      const body = random.digits(8);
      const siren = `${body}${luhnCheckDigit(body)}`;
      if (Number(frenchVatKey(siren)) < 10) small = siren;
    }
    expect(small).toBeDefined();
    expect(frenchVatNumber(small as string)).toMatch(/^FR0\d\d{9}$/);
    expect(vatNumberProblem(frenchVatNumber(small as string))).toBeUndefined();
  });

  it('check a French number and take another country’s in form only', () => {
    expect(vatNumberProblem('FR40303265045')).toBeUndefined();
    expect(isVatNumber('fr 40 303 265 045')).toBe(true);
    expect(vatNumberProblem('FR41303265045')).toBe(identityMessages.vatKey);
    expect(vatNumberProblem('FR4030326504')).toBe(identityMessages.vatFrenchFormat);
    expect(vatNumberProblem('FRAB303265045')).toBe(identityMessages.vatFrenchFormat);
    expect(vatNumberProblem('DE123456789')).toBeUndefined();
    expect(vatNumberProblem('BE0123456789')).toBeUndefined();
    expect(vatNumberProblem('ATU12345678')).toBeUndefined();
    expect(vatNumberProblem('D1')).toBe(identityMessages.vatFormat);
    expect(vatNumberProblem('12345678901')).toBe(identityMessages.vatFormat);
    expect(vatNumberProblem('DE12345678901234')).toBe(identityMessages.vatFormat);
  });

  it('match a French number against a SIREN; another country’s cannot be compared', () => {
    expect(vatNumberMatchesSiren('FR40303265045', '303265045')).toBe(true);
    expect(vatNumberMatchesSiren('FR44732829320', '303265045')).toBe(false);
    expect(vatNumberMatchesSiren('DE123456789', '303265045')).toBe(true);
    expect(vatNumberAgreesWithSiret('FR44732829320', '303 265 045 00011')).toBe(false);
    expect(vatNumberAgreesWithSiret('FR40303265045', '303 265 045 00011')).toBe(true);
    // Either one missing or invalid: each field reports its own problem, not this rule.
    expect(vatNumberAgreesWithSiret('FR44732829320', undefined)).toBe(true);
    expect(vatNumberAgreesWithSiret('FR00732829320', '30326504500011')).toBe(true);
    expect(vatNumberAgreesWithSiret('FR44732829320', '30326504500012')).toBe(true);
  });

  it('property: the VAT number of a SIREN is accepted; any other key and any single-digit change refused', () => {
    const random = seeded(97);
    const wrong: string[] = [];
    for (let run = 0; run < CASES; run += 1) {
      const body = random.digits(8);
      const siren = `${body}${luhnCheckDigit(body)}`;
      const vat = frenchVatNumber(siren);
      if (vatNumberProblem(vat) !== undefined || !vatNumberMatchesSiren(vat, siren))
        wrong.push(`refused ${vat}`);
      const key = Number(vat.slice(2, 4));
      const otherKey = String((key + 1 + Math.floor(random.next() * 96)) % 97).padStart(2, '0');
      if (vatNumberProblem(`FR${otherKey}${siren}`) !== identityMessages.vatKey) {
        wrong.push(`accepted FR${otherKey}${siren}`);
      }
      for (const changed of singleDigitChanges(vat)) {
        if (vatNumberProblem(changed) !== identityMessages.vatKey || vatNumberMatchesSiren(changed, siren)) {
          wrong.push(`accepted ${changed}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('IBAN', () => {
  it('checks the country, the length and the mod-97 key', () => {
    expect(ibanProblem('FR7630006000011234567890189')).toBeUndefined();
    expect(isIban('fr76 3000 6000 0112 3456 7890 189')).toBe(true);
    expect(ibanProblem('DE89370400440532013000')).toBeUndefined();
    expect(ibanProblem('GB29NWBK60161331926819')).toBeUndefined();
    expect(ibanProblem('FR7730006000011234567890189')).toBe(identityMessages.ibanKey);
    expect(ibanProblem('FR763000600001123456789018')).toBe(identityMessages.ibanFrenchLength);
    expect(ibanProblem('DE8937040044')).toBe(identityMessages.ibanLength);
    expect(ibanProblem('7630006000011234567890189')).toBe(identityMessages.ibanStart);
    expect(ibanProblem('FR76300060000112345678901_9')).toBe(identityMessages.ibanCharacters);
  });

  it('computes the check digits of a country and account number', () => {
    expect(ibanCheckDigits('FR', '30006000011234567890189')).toBe('76');
    expect(ibanCheckDigits('DE', '370400440532013000')).toBe('89');
  });

  it('property: a generated French IBAN is accepted; single-digit changes and swaps refused', () => {
    const random = seeded(616);
    const wrong: string[] = [];
    for (let run = 0; run < CASES; run += 1) {
      // Bank (5), branch (5), account (11, letters allowed), RIB key (2).
      const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
      const account = Array.from({ length: 11 }, () =>
        random.next() < 0.2 ? letters[Math.floor(random.next() * 26)] : random.digits(1),
      ).join('');
      const bban = `${random.digits(10)}${account}${random.digits(2)}`;
      const iban = `FR${ibanCheckDigits('FR', bban)}${bban}`;
      if (ibanProblem(iban) !== undefined) wrong.push(`refused ${iban}`);
      for (const changed of singleDigitChanges(iban)) {
        if (ibanProblem(changed) !== identityMessages.ibanKey) wrong.push(`accepted ${changed}`);
      }
      for (let index = 4; index < iban.length - 1; index += 1) {
        const [a, b] = [iban[index] as string, iban[index + 1] as string];
        if (a === b || !/\d/.test(a) || !/\d/.test(b)) continue;
        const swapped = `${iban.slice(0, index)}${b}${a}${iban.slice(index + 2)}`;
        if (ibanProblem(swapped) !== identityMessages.ibanKey) wrong.push(`accepted ${swapped}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('BIC', () => {
  it('accepts 8 or 11 characters in the AAAABBCC(DDD) form', () => {
    expect(bicProblem('BNPAFRPP')).toBeUndefined();
    expect(isBic('bnpa fr pp xxx')).toBe(true);
    expect(bicProblem('CEPAFRPP751')).toBeUndefined();
    expect(bicProblem('BNPAFRP')).toBe(identityMessages.bicLength);
    expect(bicProblem('BNPAFRPPXX')).toBe(identityMessages.bicLength);
    expect(bicProblem('BNP1FRPP')).toBe(identityMessages.bicFormat);
    expect(bicProblem('BNPAF1PP')).toBe(identityMessages.bicFormat);
  });
});

describe('printing', () => {
  it('groups a SIRET 3-3-3-5 and an IBAN by 4', () => {
    expect(formatSiret('73282932000074')).toBe('732 829 320 00074');
    expect(formatSiret('n/a')).toBe('n/a');
    expect(formatIban('FR7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
  });
});

describe('zod fields', () => {
  const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message);

  it('store the normalised value', () => {
    expect(siretField().parse(' 732 829 320 00074 ')).toBe('73282932000074');
    expect(vatNumberField().parse('fr 44 732829320')).toBe('FR44732829320');
    expect(ibanField().parse('fr76 3000 6000 0112 3456 7890 189')).toBe('FR7630006000011234567890189');
    expect(bicField().parse('bnpa frpp')).toBe('BNPAFRPP');
  });

  it('refuse with the French message naming the field', () => {
    expect(issues(siretField().safeParse('1234'))).toEqual(['Le SIRET doit comporter 14 chiffres']);
    expect(issues(siretField().safeParse('73282932000075'))).toEqual([
      'Le SIRET est invalide (clé de contrôle)',
    ]);
    expect(issues(siretField().safeParse(73282932000074))).toEqual(['Le SIRET doit comporter 14 chiffres']);
    expect(issues(vatNumberField().safeParse('FR45732829320'))).toEqual([
      'Le numéro de TVA est invalide (clé de contrôle)',
    ]);
    expect(issues(ibanField().safeParse('FR7730006000011234567890189'))).toEqual([
      "L'IBAN est invalide (clé de contrôle)",
    ]);
    expect(issues(bicField().safeParse('BNPA'))).toEqual(['Le BIC doit comporter 8 ou 11 caractères']);
  });

  it('ask for a required value, and read a blank optional one as absent', () => {
    expect(issues(siretField().safeParse(' '))).toEqual(['Le SIRET est requis']);
    expect(issues(siretField().safeParse(undefined))).toEqual(['Le SIRET est requis']);
    expect(optionalField(siretField()).parse('  ')).toBeUndefined();
    expect(optionalField(ibanField()).parse(null)).toBeUndefined();
  });
});
