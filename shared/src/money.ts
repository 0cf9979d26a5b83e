/**
 * The one module for decimal values (money, quantities, percentages, ratings).
 *
 * A decimal value is held in code as an integer count of its smallest unit (cents for money,
 * thousandths for quantities, hundredths for percentages, tenths for ratings) and travels as a
 * decimal string with a fixed number of decimals ("1234.50", "12.500", "10.00", "4.5"). Text is
 * parsed digit by digit into integers; products and quotients go through BigInt; no value ever
 * passes through a binary floating-point operation, so nothing drifts.
 */

/** Decimals carried by each kind of value (spec section 9: money 12,2; quantity 10,3; percentage 5,2; rating 2,1). */
export const MONEY_SCALE = 2;
/** Money precision 12,2: at most 9 999 999 999.99 in absolute value, in cents. */
export const MONEY_MAX_CENTS = 999_999_999_999;
export const QUANTITY_SCALE = 3;
/** Quantity precision 10,3: at most 9 999 999.999, in thousandths (`fields.ts` re-exports it). */
export const QUANTITY_MAX_THOUSANDTHS = 9_999_999_999;
export const PERCENT_SCALE = 2;
export const RATING_SCALE = 1;
/** Decimals of a supplier invoice line's quantity and unit price (what received e-invoices write: BT-129, BT-146). */
export const RECEIVED_DECIMAL_SCALE = 6;

/** What `parseDecimal` accepts: a JSON number or the text a person typed. */
export type DecimalInput = string | number;

/**
 * Why a value was refused: `format` (not a number as we write them), `scale` (more decimals than the
 * value carries), `range` (beyond the integers this module can hold exactly).
 */
export type DecimalErrorReason = 'format' | 'scale' | 'range';

/** A value that is not a decimal number of the expected scale. Its message is French. */
export class DecimalInputError extends Error {
  readonly reason: DecimalErrorReason;
  readonly scale: number;

  constructor(reason: DecimalErrorReason, scale: number) {
    super(decimalErrorMessage(reason, scale));
    this.name = 'DecimalInputError';
    this.reason = reason;
    this.scale = scale;
  }
}

function decimalsInWords(scale: number): string {
  if (scale === 0) return 'sans décimale';
  if (scale === 1) return 'avec au plus une décimale';
  if (scale === 2) return 'avec au plus deux décimales';
  if (scale === 3) return 'avec au plus trois décimales';
  return `avec au plus ${scale} décimales`;
}

function decimalErrorMessage(reason: DecimalErrorReason, scale: number): string {
  if (reason === 'range') return 'Nombre invalide : la valeur est trop grande';
  const example = scale === 0 ? '1 234' : `1 234,${'5'.padEnd(scale, '0')}`;
  return `Nombre invalide : utilisez un nombre ${decimalsInWords(scale)}, par exemple ${example}`;
}

export type DecimalParseResult = { ok: true; units: number } | { ok: false; reason: DecimalErrorReason };

// Group separators people and Intl('fr-FR') write: space, no-break space, narrow no-break space
// (what Intl uses), thin space.
const GROUP = '[ \\u00A0\\u202F\\u2009]';
// Integer part: plain digits, or 1–3 digits then groups of exactly three digits. Then an optional
// fraction after '.' or ','. The integer part may be missing only when a fraction is present (",5").
const DECIMAL_TEXT = new RegExp(`^([+\\-\\u2212])?(\\d+|\\d{1,3}(?:${GROUP}\\d{3})+)?(?:[.,](\\d+))?$`);
const GROUP_GLOBAL = new RegExp(GROUP, 'g');

/**
 * Parses a decimal into integer units of `10^-scale` without ever using floating-point arithmetic,
 * and reports a refusal as a value instead of throwing.
 *
 * Accepted: JSON numbers (read through their shortest decimal text, `String(n)`; exponent notation is
 * refused), and strings such as "1234.5", "1 234,50" (space, U+00A0 or U+202F between groups of three
 * digits), "0,5", ",5", "-12", "+3". Decimals beyond `scale` are accepted only when they are zeros
 * ("1.500" for money is 150 cents); anything else is refused, never rounded.
 */
export function tryParseDecimal(input: unknown, scale: number): DecimalParseResult {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'format' };
    text = String(input);
    // String() switches to exponent notation below 1e-6 and from 1e21: too small means too many
    // decimals, too large is out of range.
    if (/e/i.test(text)) return { ok: false, reason: Math.abs(input) < 1 ? 'scale' : 'range' };
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, reason: 'format' };
  }

  const match = DECIMAL_TEXT.exec(text);
  if (!match) return { ok: false, reason: 'format' };
  const [, sign, integerText = '', fractionText = ''] = match;
  if (integerText === '' && fractionText === '') return { ok: false, reason: 'format' };

  const significantFraction = fractionText.replace(/0+$/, '');
  if (significantFraction.length > scale) return { ok: false, reason: 'scale' };

  const digits = integerText.replace(GROUP_GLOBAL, '') + significantFraction.padEnd(scale, '0');
  const magnitude = BigInt(digits === '' ? '0' : digits);
  if (magnitude > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, reason: 'range' };
  const units = Number(magnitude);
  // `0 - 0` would be -0; keep zero unsigned.
  return { ok: true, units: sign === '-' || sign === '\u2212' ? (units === 0 ? 0 : -units) : units };
}

/**
 * Parses a decimal into integer units of `10^-scale` (see `tryParseDecimal` for what is accepted).
 * @throws DecimalInputError when the input is not such a decimal.
 */
export function parseDecimal(input: DecimalInput, scale: number): number {
  const result = tryParseDecimal(input, scale);
  if (!result.ok) throw new DecimalInputError(result.reason, scale);
  return result.units;
}

/** Parses money into integer cents: "1 234,50" → 123450, 1234.5 → 123450. @throws DecimalInputError */
export function parseMoney(input: DecimalInput): number {
  return parseDecimal(input, MONEY_SCALE);
}

/** Parses a quantity into integer thousandths: "12,5" → 12500. @throws DecimalInputError */
export function parseQuantity(input: DecimalInput): number {
  return parseDecimal(input, QUANTITY_SCALE);
}

/** Parses a percentage into integer hundredths of a percent: "10" → 1000. @throws DecimalInputError */
export function parsePercent(input: DecimalInput): number {
  return parseDecimal(input, PERCENT_SCALE);
}

/** Parses a rating into integer tenths: "4,5" → 45. @throws DecimalInputError */
export function parseRating(input: DecimalInput): number {
  return parseDecimal(input, RATING_SCALE);
}

function assertSafeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer, got ${value}`);
}

/**
 * Writes integer units of `10^-scale` as a decimal string with exactly `scale` decimals and '.' as
 * separator: (123450, 2) → "1234.50", (-300, 2) → "-3.00", (12500, 3) → "12.500".
 * @throws RangeError when `units` is not a safe integer.
 */
export function formatDecimal(units: number, scale: number): string {
  assertSafeInteger(units, 'units');
  const digits = String(Math.abs(units)).padStart(scale + 1, '0');
  const sign = units < 0 ? '-' : '';
  if (scale === 0) return sign + digits;
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** Integer cents → "1234.50". */
export function formatMoney(cents: number): string {
  return formatDecimal(cents, MONEY_SCALE);
}

/** Integer thousandths → "12.500". */
export function formatQuantity(thousandths: number): string {
  return formatDecimal(thousandths, QUANTITY_SCALE);
}

/** Integer hundredths of a percent → "10.00". */
export function formatPercent(hundredths: number): string {
  return formatDecimal(hundredths, PERCENT_SCALE);
}

/** Integer tenths → "4.5". */
export function formatRating(tenths: number): string {
  return formatDecimal(tenths, RATING_SCALE);
}

// Built on first use, not at import: creating an Intl formatter loads locale data (~10 ms), which
// every importer would pay up front (each Lambda function's cold start).
let euroFormat: Intl.NumberFormat | undefined;

/**
 * Integer cents → French euro text, "1 234,50 €" (U+202F between groups, U+00A0 before €).
 *
 * Intl receives the exact decimal string ("1234.50"), never `cents / 100`: engines that implement
 * Intl.NumberFormat v3 (Node 19+, current browsers) format it digit for digit at any size. An older
 * engine converts the string to a double first, which is exact for display up to 2^53 / 100 euros,
 * far beyond the 12,2 money precision.
 */
export function formatEuro(cents: number): string {
  euroFormat ??= new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
  return euroFormat.format(formatMoney(cents) as `${number}`);
}

/**
 * `numerator / denominator` rounded to the nearest integer, halves away from zero
 * (2.5 → 3, -2.5 → -3), computed exactly on BigInts.
 */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  // floor(n/d + 1/2) on magnitudes, then the sign back: halves go away from zero.
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

function toSafeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`${what} is beyond the safe integer range`);
  }
  return Number(value);
}

/**
 * Price of a line in cents: quantity (thousandths) × unit price (cents), rounded to the cent, halves
 * away from zero. 2.5 units × 0.33 € = 0.825 € → 0.83 € (`lineTotal(2500, 33) === 83`).
 * @throws RangeError when an argument or the result is not a safe integer.
 */
export function lineTotal(quantityThousandths: number, unitPriceCents: number): number {
  assertSafeInteger(quantityThousandths, 'quantityThousandths');
  assertSafeInteger(unitPriceCents, 'unitPriceCents');
  return toSafeNumber(
    divideRounded(BigInt(quantityThousandths) * BigInt(unitPriceCents), 10n ** BigInt(QUANTITY_SCALE)),
    'lineTotal',
  );
}

/**
 * Net amount of a received invoice line in cents (EN 16931 BT-131 without its line allowances and
 * charges): quantity × unit price ÷ price base quantity, all three in units of 10^-`scale`, rounded
 * to the cent, halves away from zero. 3 × 1.2605 € ÷ 1 = 3.7815 € → 378 cents.
 * @throws RangeError when the base is 0, or an argument or the result is not a safe integer.
 */
export function scaledLineTotal(
  quantityUnits: number,
  unitPriceUnits: number,
  baseQuantityUnits: number,
  scale: number,
): number {
  assertSafeInteger(quantityUnits, 'quantityUnits');
  assertSafeInteger(unitPriceUnits, 'unitPriceUnits');
  assertSafeInteger(baseQuantityUnits, 'baseQuantityUnits');
  // (q / 10^s) × (p / 10^s) ÷ (b / 10^s) × 100 = q × p × 100 ÷ (b × 10^s)
  return toSafeNumber(
    divideRounded(
      BigInt(quantityUnits) * BigInt(unitPriceUnits) * 100n,
      BigInt(baseQuantityUnits) * 10n ** BigInt(scale),
    ),
    'scaledLineTotal',
  );
}

/**
 * `percent` % of an amount in cents, rounded to the cent, halves away from zero:
 * `percentOf(12345, 1000)` is 10 % of 123.45 € = 12.345 € → 1235 cents.
 * @param cents amount in cents
 * @param percentHundredths percentage in hundredths of a percent (10.00 % → 1000)
 * @throws RangeError when an argument or the result is not a safe integer.
 */
export function percentOf(cents: number, percentHundredths: number): number {
  assertSafeInteger(cents, 'cents');
  assertSafeInteger(percentHundredths, 'percentHundredths');
  // cents × (hundredths / 100) / 100
  return toSafeNumber(
    divideRounded(BigInt(cents) * BigInt(percentHundredths), 100n * 10n ** BigInt(PERCENT_SCALE)),
    'percentOf',
  );
}

/**
 * Sum of amounts in cents, exact (BigInt accumulator).
 * @throws RangeError when an amount or the sum is not a safe integer.
 */
export function sumCents(amounts: Iterable<number>): number {
  let total = 0n;
  for (const cents of amounts) {
    assertSafeInteger(cents, 'cents');
    total += BigInt(cents);
  }
  return toSafeNumber(total, 'sum');
}
