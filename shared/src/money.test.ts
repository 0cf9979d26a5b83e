import { describe, expect, it } from 'vitest';
import {
  DecimalInputError,
  divideRounded,
  formatDecimal,
  formatEuro,
  formatMoney,
  formatPercent,
  formatQuantity,
  formatRating,
  lineTotal,
  parseDecimal,
  parseMoney,
  parsePercent,
  parseQuantity,
  parseRating,
  percentOf,
  sumCents,
  tryParseDecimal,
} from './money.js';

describe('parseMoney', () => {
  it.each<[string | number, number]>([
    ['1234.50', 123450],
    ['1234.5', 123450],
    ['1 234,50', 123450],
    ['1 234,5', 123450],
    ['1\u00a0234,50', 123450],
    ['1\u202f234,50', 123450],
    ['12\u202f345\u202f678,9', 1234567890],
    ['0,5', 50],
    [',5', 50],
    ['-12', -1200],
    ['+12', 1200],
    ['\u22123,00', -300],
    ['  7  ', 700],
    ['007', 700],
    ['1.500', 150],
    ['0', 0],
    ['-0', 0],
    [1234.5, 123450],
    [0.1, 10],
    [-3, -300],
    [0, 0],
    [-0, 0],
    [9999999999.99, 999999999999],
  ])('reads %j as %i cents', (input, cents) => {
    expect(parseMoney(input)).toBe(cents);
  });

  it.each<[string | number, 'format' | 'scale' | 'range']>([
    ['12,3,4', 'format'],
    ['1.234,50', 'format'],
    ['1,234.50', 'format'],
    ['abc', 'format'],
    ['', 'format'],
    ['   ', 'format'],
    ['-', 'format'],
    ['.', 'format'],
    ['12.', 'format'],
    ['1e5', 'format'],
    ['1E5', 'format'],
    ['12 34', 'format'],
    ['1  234', 'format'],
    ['1 2345', 'format'],
    ['--1', 'format'],
    ['12€', 'format'],
    ['0x10', 'format'],
    ['Infinity', 'format'],
    ['NaN', 'format'],
    [Number.NaN, 'format'],
    [Number.POSITIVE_INFINITY, 'format'],
    [Number.NEGATIVE_INFINITY, 'format'],
    ['1.505', 'scale'],
    ['0,001', 'scale'],
    [1.005, 'scale'],
    [0.1 + 0.2, 'scale'],
    [1e-7, 'scale'],
    [1e21, 'range'],
    ['99999999999999999', 'range'],
  ])('refuses %j (%s)', (input, reason) => {
    expect(tryParseDecimal(input, 2)).toEqual({ ok: false, reason });
    expect(() => parseMoney(input)).toThrow(DecimalInputError);
  });

  it('refuses what is neither text nor a number', () => {
    expect(tryParseDecimal(null, 2)).toEqual({ ok: false, reason: 'format' });
    expect(tryParseDecimal(true, 2)).toEqual({ ok: false, reason: 'format' });
  });

  it('throws a typed error with a French message', () => {
    try {
      parseMoney('1,234');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DecimalInputError);
      const decimalError = error as DecimalInputError;
      expect(decimalError.reason).toBe('scale');
      expect(decimalError.scale).toBe(2);
      expect(decimalError.message).toBe(
        'Nombre invalide : utilisez un nombre avec au plus deux décimales, par exemple 1 234,50',
      );
    }
  });
});

describe('parseDecimal at other scales', () => {
  it('reads quantities in thousandths, percentages in hundredths, ratings in tenths', () => {
    expect(parseQuantity('12,5')).toBe(12500);
    expect(parseQuantity('0.001')).toBe(1);
    expect(parseQuantity(2.25)).toBe(2250);
    expect(parsePercent('10')).toBe(1000);
    expect(parsePercent('12,34')).toBe(1234);
    expect(parseRating('4,5')).toBe(45);
    expect(parseRating(5)).toBe(50);
    expect(parseDecimal('1 000', 0)).toBe(1000);
  });

  it('refuses more decimals than the scale carries', () => {
    expect(() => parseQuantity('0.0001')).toThrow(DecimalInputError);
    expect(() => parseRating('4.55')).toThrow(DecimalInputError);
    expect(() => parseDecimal('1.5', 0)).toThrow(DecimalInputError);
    expect(parseDecimal('1.0', 0)).toBe(1);
  });
});

describe('formatting', () => {
  it.each<[number, string]>([
    [123450, '1234.50'],
    [-300, '-3.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [0, '0.00'],
    [-0, '0.00'],
    [999999999999, '9999999999.99'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('writes other scales with their number of decimals', () => {
    expect(formatQuantity(12500)).toBe('12.500');
    expect(formatQuantity(1)).toBe('0.001');
    expect(formatPercent(1000)).toBe('10.00');
    expect(formatRating(45)).toBe('4.5');
    expect(formatDecimal(-7, 0)).toBe('-7');
  });

  it('round-trips what it writes', () => {
    for (const cents of [0, 1, -1, 99, 100, 123456, -987654321, 999999999999]) {
      expect(parseMoney(formatMoney(cents))).toBe(cents);
    }
  });

  it('refuses units that are not safe integers', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('writes euros the French way, digit for digit', () => {
    // fr-FR: U+202F between groups of thousands, a comma, U+00A0 before the euro sign.
    expect(formatEuro(123450)).toBe('1\u202f234,50\u00a0€');
    expect(formatEuro(-300)).toBe('-3,00\u00a0€');
    expect(formatEuro(7)).toBe('0,07\u00a0€');
    expect(formatEuro(999999999999)).toBe('9\u202f999\u202f999\u202f999,99\u00a0€');
  });
});

describe('divideRounded', () => {
  it.each<[bigint, bigint, bigint]>([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [7n, 2n, 4n],
    [4n, 2n, 2n],
    [1n, 3n, 0n],
    [2n, 3n, 1n],
    [-2n, 3n, -1n],
    [1249n, 1000n, 1n],
    [1500n, 1000n, 2n],
    [-1500n, 1000n, -2n],
    [0n, 7n, 0n],
  ])('%i / %i ≈ %i (halves away from zero)', (numerator, denominator, expected) => {
    expect(divideRounded(numerator, denominator)).toBe(expected);
  });

  it('refuses a division by zero', () => {
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
  });
});

describe('lineTotal', () => {
  it('rounds quantity × unit price to the cent, halves away from zero', () => {
    // 2.5 × 0.33 € = 0.825 € → 0.83 € (a float computes 0.8249999… and would give 0.82)
    expect(lineTotal(2500, 33)).toBe(83);
    expect(lineTotal(-2500, 33)).toBe(-83);
    // 0.333 × 10.00 € = 3.33 €
    expect(lineTotal(333, 1000)).toBe(333);
    // 12.5 × 8.40 € = 105.00 €
    expect(lineTotal(12500, 840)).toBe(10500);
    // 0.001 × 0.01 € = 0.00001 € → 0.00 €; 0.5 × 0.01 € = 0.005 € → 0.01 €
    expect(lineTotal(1, 1)).toBe(0);
    expect(lineTotal(500, 1)).toBe(1);
    expect(lineTotal(0, 12345)).toBe(0);
  });

  it('multiplies beyond 2^53 exactly', () => {
    // 9 999 999.999 × 9 999.99 € = 99 999 899 990.00001 € → 9 999 989 999 000 cents
    // (the product 9 999 989 999 000 001 thousandths × cents is beyond 2^53)
    expect(lineTotal(9_999_999_999, 999_999)).toBe(9_999_989_999_000);
  });

  it('refuses a result beyond the safe integers and non-integer arguments', () => {
    expect(() => lineTotal(9_999_999_999, 999_999_999_999)).toThrow(RangeError);
    expect(() => lineTotal(1.5, 100)).toThrow(RangeError);
  });
});

describe('percentOf', () => {
  it('rounds cents × percent / 100 to the cent, halves away from zero', () => {
    // 10.00 % of 123.45 € = 12.345 € → 12.35 €
    expect(percentOf(12345, 1000)).toBe(1235);
    expect(percentOf(-12345, 1000)).toBe(-1235);
    // 12.50 % of 1.00 € = 0.125 € → 0.13 €
    expect(percentOf(100, 1250)).toBe(13);
    // 0.01 % of 999.99 € = 0.099999 € → 0.10 €
    expect(percentOf(99999, 1)).toBe(10);
    // 15.00 % of 1 100.00 € = 165.00 €
    expect(percentOf(110000, 1500)).toBe(16500);
    expect(percentOf(0, 1500)).toBe(0);
    expect(percentOf(12345, 0)).toBe(0);
  });
});

describe('sumCents', () => {
  it('adds exactly and refuses leaving the safe integers', () => {
    expect(sumCents([10, 20, -5])).toBe(25);
    expect(sumCents([])).toBe(0);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(() => sumCents([0.5])).toThrow(RangeError);
  });

  it('does not drift where float addition does', () => {
    // 10 000 lines of 0.10 €: 10 000 × 10 cents = 100 000 cents = 1000.00 €.
    let float = 0;
    for (let i = 0; i < 10_000; i += 1) float += 0.1;
    expect(float).not.toBe(1000);
    expect(formatMoney(sumCents(Array.from({ length: 10_000 }, () => parseMoney('0.10'))))).toBe('1000.00');
  });
});
