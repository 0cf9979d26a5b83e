import {
  MONEY_SCALE,
  parseMoney,
  parsePercent,
  PERCENT_SCALE,
  sumCents,
  tryParseDecimal,
} from '@btp/shared/money';
import {
  depositByRate,
  documentTotalsInUnits,
  type DocumentTotalsInUnits,
  type VatBreakdownEntry,
} from '@btp/shared/vat';

/** How a deposit is asked: a percentage of the quote's HT, or an amount HT. */
export type DepositMode = 'percentage' | 'amount';

const HUNDRED_PERCENT = 100 * 10 ** PERCENT_SCALE;

/** A quote's VAT breakdown ("20.00", "1000.00") in integers: its HT per rate. */
function basesOf(breakdown: readonly VatBreakdownEntry[]) {
  return breakdown.map((entry) => ({
    rateHundredths: parsePercent(entry.rate),
    baseCents: parseMoney(entry.base),
  }));
}

/** The figures of invoicing the whole quote: its own breakdown and totals. */
export function wholeQuoteFigures(breakdown: readonly VatBreakdownEntry[]): DocumentTotalsInUnits {
  return documentTotalsInUnits(
    basesOf(breakdown).map((entry) => ({
      totalCents: entry.baseCents,
      vatRateHundredths: entry.rateHundredths,
    })),
  );
}

/**
 * The deposit invoice the server will make (DOCUMENTS.md § 3, `vat.ts`'s `depositByRate`): its HT per
 * rate of the quote, VAT per rate and TTC; `undefined` while what is typed is not a deposit yet (blank,
 * unreadable, 0, above 100 % or above the quote's HT).
 */
export function depositFigures(
  breakdown: readonly VatBreakdownEntry[],
  mode: DepositMode,
  value: unknown,
): DocumentTotalsInUnits | undefined {
  const bases = basesOf(breakdown);
  const quoteCents = sumCents(bases.map((entry) => entry.baseCents));
  const parsed = tryParseDecimal(value, mode === 'percentage' ? PERCENT_SCALE : MONEY_SCALE);
  if (!parsed.ok || parsed.units <= 0) return undefined;
  if (mode === 'percentage' ? parsed.units > HUNDRED_PERCENT : parsed.units > quoteCents) return undefined;
  const split = depositByRate(
    bases,
    mode === 'percentage' ? { percentageHundredths: parsed.units } : { amountCents: parsed.units },
  );
  return documentTotalsInUnits(
    split.map((entry) => ({ totalCents: entry.baseCents, vatRateHundredths: entry.rateHundredths })),
  );
}
