/**
 * The quote pricing rule, shared by the server (which stores the amounts) and the SPA (which shows
 * them while a quote is edited), so both always agree to the cent.
 *
 * - each line: quantity × unit price, rounded to the cent (halves away from zero);
 * - subtotal (déboursé sec): sum of the line totals;
 * - overhead (frais généraux): subtotal × overhead %, rounded to the cent;
 * - margin (marge): (subtotal + overhead) × margin %, rounded to the cent;
 * - total: subtotal + overhead + margin.
 */
import {
  formatMoney,
  lineTotal,
  parseMoney,
  parsePercent,
  parseQuantity,
  percentOf,
  sumCents,
  type DecimalInput,
} from './money.js';

/** Quote figures as integers. */
export interface QuoteTotalsInUnits {
  /** Total of each line, in cents, in the order of the items. */
  lineCents: number[];
  subtotalCents: number;
  overheadCents: number;
  marginCents: number;
  totalCents: number;
}

/**
 * The pricing rule on integers.
 * @param items quantities in thousandths and unit prices in cents
 * @param overheadHundredths overhead percentage in hundredths of a percent (10.00 % → 1000)
 * @param marginHundredths margin percentage in hundredths of a percent (15.00 % → 1500)
 * @throws RangeError when a figure leaves the safe integer range.
 */
export function quoteTotalsInUnits(input: {
  items: readonly { quantityThousandths: number; unitPriceCents: number }[];
  overheadHundredths: number;
  marginHundredths: number;
}): QuoteTotalsInUnits {
  const lineCents = input.items.map((item) => lineTotal(item.quantityThousandths, item.unitPriceCents));
  const subtotalCents = sumCents(lineCents);
  const overheadCents = percentOf(subtotalCents, input.overheadHundredths);
  const marginCents = percentOf(sumCents([subtotalCents, overheadCents]), input.marginHundredths);
  const totalCents = sumCents([subtotalCents, overheadCents, marginCents]);
  return { lineCents, subtotalCents, overheadCents, marginCents, totalCents };
}

/** Quote figures as the API carries them: decimal strings with two decimals. */
export interface QuoteTotals {
  /** Total of each line ("12.50"), in the order of the items. */
  lines: string[];
  subtotalAmount: string;
  overheadAmount: string;
  marginAmount: string;
  totalAmount: string;
}

/**
 * The pricing rule on the values as a quote carries them: quantities, unit prices and percentages
 * as decimal strings ("12.500", "8.40", "10.00") or JSON numbers, parsed by `money.ts` (so "12,5" and
 * 12.5 work too). Validation (quantity > 0, price ≥ 0, percent 0–100) is the schemas' job, not this
 * function's: it prices whatever it is given.
 * @throws DecimalInputError when a value is not a decimal of its scale.
 */
export function quoteTotals(input: {
  items: readonly { quantity: DecimalInput; unitPrice: DecimalInput }[];
  overheadPercentage: DecimalInput;
  marginPercentage: DecimalInput;
}): QuoteTotals {
  const totals = quoteTotalsInUnits({
    items: input.items.map((item) => ({
      quantityThousandths: parseQuantity(item.quantity),
      unitPriceCents: parseMoney(item.unitPrice),
    })),
    overheadHundredths: parsePercent(input.overheadPercentage),
    marginHundredths: parsePercent(input.marginPercentage),
  });
  return {
    lines: totals.lineCents.map(formatMoney),
    subtotalAmount: formatMoney(totals.subtotalCents),
    overheadAmount: formatMoney(totals.overheadCents),
    marginAmount: formatMoney(totals.marginCents),
    totalAmount: formatMoney(totals.totalCents),
  };
}
