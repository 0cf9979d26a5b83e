/**
 * VAT on a document's lines (DOCUMENTS.md § 2; EN 16931 rules BR-CO-10 and BR-CO-17), shared by the
 * server (which stores the figures) and the SPA (which shows them while a document is edited), so
 * both agree to the cent.
 *
 * - HT (`totalAmount`) = Σ line totals;
 * - `vatBreakdown`: per rate, `base` = Σ HT of the lines at that rate, `amount` = round(base × rate);
 * - `vatAmount` = Σ breakdown amounts; TTC (`totalWithVat`) = HT + VAT.
 *
 * VAT is computed per rate on the sum, never per line: a line's VAT is not a figure of the document.
 * Rates travel as percentages with two decimals ("20.00", "5.50") and are held in code as hundredths
 * of a percent (2000, 550), like every percentage (money.ts).
 */
import {
  divideRounded,
  formatMoney,
  formatPercent,
  parsePercent,
  percentOf,
  sumCents,
  type DecimalInput,
} from './money.js';

/** The French VAT rates a line may carry, in hundredths of a percent (20 %, 10 %, 5.5 %, 2.1 %, 0 %). */
export const VAT_RATE_HUNDREDTHS = [2000, 1000, 550, 210, 0] as const;

/** A line as VAT sees it: its HT total in cents and its rate in hundredths of a percent. */
export interface VatLine {
  totalCents: number;
  vatRateHundredths: number;
}

/** One rate of a document's VAT breakdown, in integers. */
export interface VatBreakdownInUnits {
  rateHundredths: number;
  baseCents: number;
  amountCents: number;
}

/** A document's totals, in integers. */
export interface DocumentTotalsInUnits {
  /** HT: Σ line totals. */
  totalCents: number;
  /** One entry per rate present, highest rate first. */
  vatBreakdown: VatBreakdownInUnits[];
  vatCents: number;
  /** TTC: HT + VAT. */
  totalWithVatCents: number;
}

/**
 * The VAT breakdown and the totals of a document's lines. Every rate present gets an entry, even
 * when its base is zero (a line at 0.00 €), so a document always states the rates it uses.
 * @throws RangeError when a figure leaves the safe integer range.
 */
export function documentTotalsInUnits(lines: readonly VatLine[]): DocumentTotalsInUnits {
  const bases = new Map<number, number>();
  for (const line of lines) {
    bases.set(line.vatRateHundredths, sumCents([bases.get(line.vatRateHundredths) ?? 0, line.totalCents]));
  }
  const vatBreakdown = [...bases.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rateHundredths, baseCents]) => ({
      rateHundredths,
      baseCents,
      amountCents: percentOf(baseCents, rateHundredths),
    }));
  const totalCents = sumCents(lines.map((line) => line.totalCents));
  const vatCents = sumCents(vatBreakdown.map((entry) => entry.amountCents));
  return { totalCents, vatBreakdown, vatCents, totalWithVatCents: sumCents([totalCents, vatCents]) };
}

/** One rate of the VAT breakdown as the API carries it: `{ rate: "20.00", base: "100.00", amount: "20.00" }`. */
export interface VatBreakdownEntry {
  rate: string;
  base: string;
  amount: string;
}

/** The breakdown's integers as the API's decimal strings. */
export function formatVatBreakdown(breakdown: readonly VatBreakdownInUnits[]): VatBreakdownEntry[] {
  return breakdown.map((entry) => ({
    rate: formatPercent(entry.rateHundredths),
    base: formatMoney(entry.baseCents),
    amount: formatMoney(entry.amountCents),
  }));
}

/**
 * The rate a line is taxed at: its own, or 0 when the whole document carries no VAT — reverse
 * charge (autoliquidation, art. 283-2 nonies CGI) or a company under the franchise (art. 293 B CGI).
 */
export function effectiveVatRate(rate: DecimalInput, noVat: boolean): number {
  return noVat ? 0 : parsePercent(rate);
}

/**
 * Splits `amountCents` across parts in proportion to `weights` (e.g. a deposit across a quote's
 * VAT rates, in proportion to its HT per rate), so that the parts add up to the amount exactly:
 * each part is the exact share rounded down, and the cents left go one each to the parts with the
 * largest remainders (ties: the earlier part). All-zero weights put everything in the first part.
 * @param weights non-negative integers (cents)
 */
export function splitInProportion(amountCents: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const total = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (total === 0n) return weights.map((_, index) => (index === 0 ? amountCents : 0));
  const sign = amountCents < 0 ? -1n : 1n;
  const amount = BigInt(Math.abs(amountCents));
  const shares = weights.map((weight, index) => {
    const exact = amount * BigInt(weight);
    return { index, floor: exact / total, remainder: exact % total };
  });
  let left = amount - shares.reduce((sum, share) => sum + share.floor, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const extra = new Set<number>();
  for (const share of byRemainder) {
    if (left === 0n) break;
    extra.add(share.index);
    left -= 1n;
  }
  return shares.map((share) => Number(sign * (share.floor + (extra.has(share.index) ? 1n : 0n))));
}

/**
 * The HT of a deposit (facture d'acompte) per VAT rate of a quote (DOCUMENTS.md § 3).
 * - `percentage` (hundredths of a percent): each rate's base × percentage, rounded to the cent;
 * - `amountCents`: that amount split across the rates in proportion to their bases (exact sum).
 * @param bases the quote's HT per rate
 */
export function depositByRate(
  bases: readonly { rateHundredths: number; baseCents: number }[],
  deposit: { percentageHundredths: number } | { amountCents: number },
): { rateHundredths: number; baseCents: number }[] {
  if ('percentageHundredths' in deposit) {
    return bases.map((entry) => ({
      rateHundredths: entry.rateHundredths,
      baseCents: percentOf(entry.baseCents, deposit.percentageHundredths),
    }));
  }
  const parts = splitInProportion(
    deposit.amountCents,
    bases.map((entry) => entry.baseCents),
  );
  return bases.map((entry, index) => ({
    rateHundredths: entry.rateHundredths,
    baseCents: parts[index] ?? 0,
  }));
}

/**
 * A unit cost (déboursé) turned into a selling price (DOCUMENTS.md § 2): unit cost × K rounded to
 * the cent, K = (1 + overhead %) × (1 + margin %). Computed on BigInts in one step, so K is never
 * rounded on its own.
 */
export function saleUnitPriceCents(
  unitCostCents: number,
  overheadHundredths: number,
  marginHundredths: number,
): number {
  const product =
    BigInt(unitCostCents) * BigInt(10_000 + overheadHundredths) * BigInt(10_000 + marginHundredths);
  const cents = Number(divideRounded(product, 100_000_000n));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`sale price out of range: ${cents}`);
  return cents;
}
