import { describe, expect, it } from 'vitest';
import {
  clearableField,
  dateField,
  defaultedField,
  enumField,
  idField,
  instantField,
  integerField,
  jsonItemsField,
  jsonObjectField,
  JSON_MAX_DEPTH,
  longTextField,
  moneyField,
  optionalField,
  optionalIdField,
  percentField,
  quantityField,
  ratingField,
  requiredText,
  tagListField,
  textField,
} from './fields.js';
import { listQuery } from './list.js';
import { validationDetails } from './validation.js';
import * as z from 'zod';
import './zod-fr.js';

/** The messages of a refused value, or the parsed value. */
function outcome(schema: z.ZodType, input: unknown): { value: unknown } | { messages: string[] } {
  const result = schema.safeParse(input);
  return result.success
    ? { value: result.data }
    : { messages: result.error.issues.map((issue) => issue.message) };
}

const MONEY_INVALID =
  'Montant invalide : utilisez un nombre avec au plus deux décimales, par exemple 1 234,50';
const UUID = '0190a5f0-1234-7abc-8def-0123456789ab';

describe('moneyField', () => {
  const money = moneyField();

  it.each<[unknown, string]>([
    ['1 234,50', '1234.50'],
    ['1\u202f234,5', '1234.50'],
    [1234.5, '1234.50'],
    ['-3', '-3.00'],
    ['0,5', '0.50'],
    [0, '0.00'],
    ['9 999 999 999,99', '9999999999.99'],
    ['-9999999999.99', '-9999999999.99'],
  ])('normalises %j to %s', (input, output) => {
    expect(outcome(money, input)).toEqual({ value: output });
  });

  it.each<[unknown, string]>([
    ['12,3,4', MONEY_INVALID],
    ['abc', MONEY_INVALID],
    ['1e5', MONEY_INVALID],
    ['1.234', MONEY_INVALID],
    [Number.NaN, MONEY_INVALID],
    [true, MONEY_INVALID],
    ['10000000000', 'Montant invalide : au plus 9 999 999 999,99 en valeur absolue'],
    ['99999999999999999999', 'Montant invalide : au plus 9 999 999 999,99 en valeur absolue'],
    [undefined, 'Le montant est requis'],
    ['', 'Le montant est requis'],
    [null, 'Le montant est requis'],
  ])('refuses %j: %s', (input, message) => {
    expect(outcome(money, input)).toEqual({ messages: [message] });
  });

  it('offers a non-negative variant', () => {
    const amount = moneyField({ nonNegative: true });
    expect(outcome(amount, '0')).toEqual({ value: '0.00' });
    expect(outcome(amount, '-0,01')).toEqual({ messages: ['Le montant doit être positif ou nul'] });
  });

  it('lets a field give its own message, but keeps the one about decimals', () => {
    const price = moneyField({ nonNegative: true, message: 'Le prix doit être positif' });
    expect(outcome(price, '-1')).toEqual({ messages: ['Le prix doit être positif'] });
    expect(outcome(price, 'x')).toEqual({ messages: ['Le prix doit être positif'] });
    expect(outcome(price, '1,001')).toEqual({ messages: [MONEY_INVALID] });
  });
});

describe('percentField, quantityField, ratingField, integerField', () => {
  it('reads percentages from 0 to 100 with two decimals', () => {
    const percent = percentField();
    const message = 'Le pourcentage doit être un nombre entre 0 et 100, avec au plus deux décimales';
    expect(outcome(percent, '10')).toEqual({ value: '10.00' });
    expect(outcome(percent, 12.5)).toEqual({ value: '12.50' });
    expect(outcome(percent, '100')).toEqual({ value: '100.00' });
    expect(outcome(percent, '0')).toEqual({ value: '0.00' });
    expect(outcome(percent, '100.01')).toEqual({ messages: [message] });
    expect(outcome(percent, '-0.01')).toEqual({ messages: [message] });
    expect(outcome(percent, '10.005')).toEqual({ messages: [message] });
  });

  it('reads quantities with three decimals, and refuses zero in the positive variant', () => {
    expect(outcome(quantityField(), '12,5')).toEqual({ value: '12.500' });
    expect(outcome(quantityField(), '-1')).toEqual({ value: '-1.000' });
    expect(outcome(quantityField({ positive: true }), '0.001')).toEqual({ value: '0.001' });
    expect(outcome(quantityField({ positive: true }), '0')).toEqual({
      messages: ['La quantité doit être un nombre positif'],
    });
    expect(outcome(quantityField(), '0.0001')).toEqual({
      messages: ['Quantité invalide : utilisez un nombre avec au plus trois décimales, par exemple 12,5'],
    });
    expect(outcome(quantityField(), '10000000')).toEqual({
      messages: ['Quantité invalide : au plus 9 999 999,999 en valeur absolue'],
    });
  });

  it('reads ratings from 1 to 5 in steps of 0.1', () => {
    const rating = ratingField();
    const message = 'La note doit être comprise entre 1 et 5, par pas de 0,1';
    expect(outcome(rating, '4,5')).toEqual({ value: '4.5' });
    expect(outcome(rating, 1)).toEqual({ value: '1.0' });
    expect(outcome(rating, 5)).toEqual({ value: '5.0' });
    expect(outcome(rating, 4.55)).toEqual({ messages: [message] });
    expect(outcome(rating, 0.9)).toEqual({ messages: [message] });
    expect(outcome(rating, '5.1')).toEqual({ messages: [message] });
  });

  it('reads whole numbers from numbers or digits', () => {
    const integer = integerField({ min: 1, max: 10, message: 'Entre 1 et 10' });
    expect(outcome(integer, '7')).toEqual({ value: 7 });
    expect(outcome(integer, 7)).toEqual({ value: 7 });
    expect(outcome(integer, 7.5)).toEqual({ messages: ['Entre 1 et 10'] });
    expect(outcome(integer, 11)).toEqual({ messages: ['Entre 1 et 10'] });
    expect(outcome(integer, 0)).toEqual({ messages: ['Entre 1 et 10'] });
  });
});

describe('dateField and instantField', () => {
  const date = dateField();
  const dateMessage = 'Date invalide : utilisez le format AAAA-MM-JJ, par exemple 2026-11-22';

  it('keeps ISO dates, and the date written in a full timestamp', () => {
    expect(outcome(date, '2026-11-22')).toEqual({ value: '2026-11-22' });
    expect(outcome(date, ' 2028-02-29 ')).toEqual({ value: '2028-02-29' });
    expect(outcome(date, '2026-11-22T00:00:00.000Z')).toEqual({ value: '2026-11-22' });
    // No time-zone conversion: the calendar date as written.
    expect(outcome(date, '2026-11-22T23:30:00-02:00')).toEqual({ value: '2026-11-22' });
  });

  it.each([
    '2026-02-30',
    '2027-02-29',
    '2026-13-01',
    '22/11/2026',
    '2026-11-22T25:00:00Z',
    '2026-11-22T10:00',
    'x',
  ])('refuses %j', (input) => {
    expect(outcome(date, input)).toEqual({ messages: [dateMessage] });
  });

  it('asks for a required date', () => {
    expect(outcome(date, '')).toEqual({ messages: ['La date est requise'] });
    expect(outcome(date, undefined)).toEqual({ messages: ['La date est requise'] });
  });

  it('normalises instants to UTC', () => {
    const instant = instantField();
    expect(outcome(instant, '2026-11-22T14:30:00+02:00')).toEqual({ value: '2026-11-22T12:30:00.000Z' });
    expect(outcome(instant, '2026-11-22T14:30:00.123Z')).toEqual({ value: '2026-11-22T14:30:00.123Z' });
    expect(outcome(instant, '2026-11-22')).toEqual({
      messages: [
        'Date et heure invalides : utilisez le format ISO 8601 avec fuseau, par exemple 2026-11-22T14:30:00Z',
      ],
    });
  });
});

describe('texts', () => {
  const form = z.object({ name: requiredText('Le nom est requis'), city: textField, notes: longTextField });

  it('trims, and reads blank optional texts as absent', () => {
    expect(form.parse({ name: '  ACME  ', city: '  ', notes: null })).toEqual({ name: 'ACME' });
    expect(form.parse({ name: 'A', city: ' Lyon ' })).toEqual({ name: 'A', city: 'Lyon' });
  });

  it('asks for a required text that is missing or blank', () => {
    for (const name of [undefined, null, '', '   ']) {
      expect(validationDetails(form.safeParse({ name }).error!)).toEqual([
        { path: 'name', message: 'Le nom est requis' },
      ]);
    }
  });

  it('limits texts to 2,000 characters and long texts to 10,000', () => {
    expect(form.safeParse({ name: 'A', city: 'x'.repeat(2000), notes: 'x'.repeat(10_000) }).success).toBe(
      true,
    );
    expect(validationDetails(form.safeParse({ name: 'A', city: 'x'.repeat(2001) }).error!)).toEqual([
      { path: 'city', message: 'Le texte doit contenir au plus 2 000 caractères' },
    ]);
    expect(validationDetails(form.safeParse({ name: 'A', notes: 'x'.repeat(10_001) }).error!)).toEqual([
      { path: 'notes', message: 'Le texte doit contenir au plus 10 000 caractères' },
    ]);
    expect(outcome(requiredText('requis'), 'x'.repeat(2001))).toEqual({
      messages: ['Le texte doit contenir au plus 2 000 caractères'],
    });
  });
});

describe('tagListField', () => {
  it('trims, drops blank entries and repeats', () => {
    expect(outcome(tagListField, [' Plomberie ', 'Plomberie', '', '  ', 'Électricité'])).toEqual({
      value: ['Plomberie', 'Électricité'],
    });
    expect(outcome(tagListField, 'Gros œuvre, Charpente,,Gros œuvre')).toEqual({
      value: ['Gros œuvre', 'Charpente'],
    });
  });

  it('holds at most 50 entries of at most 2,000 characters', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `t${i}`);
    expect(outcome(tagListField, fifty)).toEqual({ value: fifty });
    expect(outcome(tagListField, [...fifty, 'one more'])).toEqual({
      messages: ['La liste doit contenir au plus 50 éléments'],
    });
    expect(outcome(tagListField, ['x'.repeat(2001)])).toEqual({
      messages: ['Chaque élément doit contenir au plus 2 000 caractères'],
    });
  });

  it('refuses what is not a list of texts', () => {
    expect(outcome(tagListField, [1, 2])).toEqual({
      messages: ['Liste invalide : une liste de textes est attendue'],
    });
  });
});

describe('ids', () => {
  it('reads uuids in lower case', () => {
    expect(outcome(idField(), UUID.toUpperCase())).toEqual({ value: UUID });
    expect(outcome(idField(), 'x')).toEqual({ messages: ['Identifiant invalide'] });
    expect(outcome(idField('Le client est requis'), '')).toEqual({ messages: ['Le client est requis'] });
  });

  it("reads 'none', blank and null links as absent", () => {
    const body = z.object({ projectId: optionalIdField });
    for (const projectId of ['none', '', null, undefined]) {
      expect(body.parse({ projectId })).toEqual({});
    }
    expect(body.parse({ projectId: UUID })).toEqual({ projectId: UUID });
    expect(validationDetails(body.safeParse({ projectId: 'p1' }).error!)).toEqual([
      { path: 'projectId', message: 'Identifiant invalide' },
    ]);
  });
});

describe('presence helpers', () => {
  it('optionalField, defaultedField and clearableField treat blanks as absent, default or cleared', () => {
    const body = z.object({
      budget: optionalField(moneyField()),
      status: defaultedField(enumField(['a', 'b'] as const), 'a'),
      endDate: clearableField(dateField()),
    });
    expect(body.parse({})).toEqual({ status: 'a' });
    expect(body.parse({ budget: '', status: '', endDate: '' })).toEqual({ status: 'a', endDate: null });
    expect(body.parse({ budget: 12, status: 'b', endDate: '2026-01-31' })).toEqual({
      budget: '12.00',
      status: 'b',
      endDate: '2026-01-31',
    });
    expect(body.safeParse({ status: 'c' }).success).toBe(false);
  });

  it('gives a required enumeration its message', () => {
    expect(outcome(enumField(['a', 'b'] as const, 'Le type est requis'), undefined)).toEqual({
      messages: ['Le type est requis'],
    });
  });
});

describe('listQuery', () => {
  const message = 'La limite doit être un nombre entier entre 1 et 1 000';

  it('reads limit and cursor from the query string', () => {
    expect(listQuery.parse({ limit: '50', cursor: 'abc', other: 'x' })).toEqual({ limit: 50, cursor: 'abc' });
    expect(listQuery.parse({})).toEqual({});
    expect(listQuery.parse({ limit: '' })).toEqual({});
    expect(listQuery.parse({ limit: '1000' })).toEqual({ limit: 1000 });
  });

  it.each(['0', '1001', '2.5', 'abc', '-1'])('refuses limit=%s', (limit) => {
    expect(validationDetails(listQuery.safeParse({ limit }).error!)).toEqual([{ path: 'limit', message }]);
  });
});

describe('free-form JSON (jsonObjectField, jsonItemsField)', () => {
  /** `depth` objects, one inside the other, the innermost holding `leaf`. */
  function nested(depth: number, leaf: unknown = 1): Record<string, unknown> {
    let value: Record<string, unknown> = { a: leaf };
    for (let i = 1; i < depth; i += 1) value = { a: value };
    return value;
  }

  it('accepts JSON objects up to the depth limit', () => {
    expect(outcome(jsonObjectField, { canExport: true, modules: ['devis', { id: 1 }] })).toEqual({
      value: { canExport: true, modules: ['devis', { id: 1 }] },
    });
    expect(jsonObjectField.safeParse(nested(JSON_MAX_DEPTH)).success).toBe(true);
  });

  it('refuses deeper JSON in French, with the path, without recursing (2,000 levels)', () => {
    const tooDeep = `Données trop imbriquées : au plus ${JSON_MAX_DEPTH} niveaux`;
    expect(outcome(jsonObjectField, nested(JSON_MAX_DEPTH + 1))).toEqual({ messages: [tooDeep] });
    expect(outcome(jsonObjectField, nested(2_000))).toEqual({ messages: [tooDeep] });
    const form = z.object({ items: jsonItemsField });
    expect(validationDetails(form.safeParse({ items: [{}, nested(2_000)] }).error!)).toEqual([
      { path: 'items.1', message: tooDeep },
    ]);
  });

  it('refuses values that are not JSON objects, and objects over 16 KB', () => {
    expect(outcome(jsonObjectField, ['a'])).toEqual({ messages: ['Objet JSON attendu'] });
    expect(outcome(jsonObjectField, { a: Number.NaN })).toEqual({ messages: ['Objet JSON attendu'] });
    expect(outcome(jsonObjectField, { a: 'x'.repeat(16 * 1024) })).toEqual({
      messages: ['Données trop volumineuses : au plus 16 Ko'],
    });
    expect(jsonObjectField.safeParse({ a: 'é'.repeat(8_000) }).success).toBe(true);
  });
});
