/**
 * The quote pricing rule (DOCUMENTS.md § 2), shared by the server (which stores the amounts) and the
 * SPA (which shows them while a quote is edited), so both always agree to the cent. A quote line's
 * `unitPrice` is its cost (the déboursé); a client only ever sees selling prices.
 *
 * - K = (1 + overhead %) × (1 + margin %);
 * - each line: cost total = quantity × unit cost (`totalPrice`, rounded to the cent);
 *   `saleUnitPrice` = round(unit cost × K); `saleTotal` = round(quantity × saleUnitPrice);
 * - subtotal (déboursé sec) = Σ cost totals; overhead = round(subtotal × overhead %);
 * - total HT = Σ sale totals; margin = total − subtotal − overhead (the margin absorbs the cents,
 *   so total = subtotal + overhead + margin holds and the document's sum is exact; with a margin
 *   of 0 % it may be a few cents below zero);
 * - VAT per rate on the sale totals (vat.ts); every line at 0 % under reverse charge or franchise.
 *
 * Halves are rounded away from zero everywhere (money.ts).
 */
import type { Company } from './entities/company.js';
import { defaultVatRate, vatRates, type VatRate } from './enums.js';
import {
  formatMoney,
  formatPercent,
  lineTotal,
  parseMoney,
  parsePercent,
  parseQuantity,
  percentOf,
  sumCents,
  type DecimalInput,
} from './money.js';
import {
  documentTotalsInUnits,
  formatVatBreakdown,
  saleUnitPriceCents,
  type VatBreakdownEntry,
  type VatBreakdownInUnits,
} from './vat.js';

/** A quote line's figures as integers. */
export interface QuoteLineInUnits {
  /** quantity × unit cost, in cents (`totalPrice`). */
  costTotalCents: number;
  saleUnitPriceCents: number;
  saleTotalCents: number;
  /** The rate the line is taxed at (0 under reverse charge or franchise), hundredths of a percent. */
  vatRateHundredths: number;
}

/** Quote figures as integers. */
export interface QuoteTotalsInUnits {
  /** In the order of the items. */
  lines: QuoteLineInUnits[];
  subtotalCents: number;
  overheadCents: number;
  marginCents: number;
  /** HT: Σ sale totals. */
  totalCents: number;
  vatBreakdown: VatBreakdownInUnits[];
  vatCents: number;
  totalWithVatCents: number;
}

/**
 * The pricing rule on integers.
 * @param items quantities in thousandths, unit costs in cents, VAT rates in hundredths of a percent
 * @param overheadHundredths overhead percentage in hundredths of a percent (10.00 % → 1000)
 * @param marginHundredths margin percentage in hundredths of a percent (15.00 % → 1500)
 * @param noVat reverse charge or franchise: every line at 0 %
 * @throws RangeError when a figure leaves the safe integer range.
 */
export function quoteTotalsInUnits(input: {
  items: readonly { quantityThousandths: number; unitPriceCents: number; vatRateHundredths: number }[];
  overheadHundredths: number;
  marginHundredths: number;
  noVat?: boolean;
}): QuoteTotalsInUnits {
  const lines = input.items.map((item) => {
    const sale = saleUnitPriceCents(item.unitPriceCents, input.overheadHundredths, input.marginHundredths);
    return {
      costTotalCents: lineTotal(item.quantityThousandths, item.unitPriceCents),
      saleUnitPriceCents: sale,
      saleTotalCents: lineTotal(item.quantityThousandths, sale),
      vatRateHundredths: input.noVat === true ? 0 : item.vatRateHundredths,
    };
  });
  const subtotalCents = sumCents(lines.map((line) => line.costTotalCents));
  const overheadCents = percentOf(subtotalCents, input.overheadHundredths);
  const document = documentTotalsInUnits(
    lines.map((line) => ({ totalCents: line.saleTotalCents, vatRateHundredths: line.vatRateHundredths })),
  );
  return {
    lines,
    subtotalCents,
    overheadCents,
    marginCents: document.totalCents - subtotalCents - overheadCents,
    totalCents: document.totalCents,
    vatBreakdown: document.vatBreakdown,
    vatCents: document.vatCents,
    totalWithVatCents: document.totalWithVatCents,
  };
}

/** A quote line's figures as the API carries them. */
export interface QuoteLineTotals {
  /** quantity × unit cost ("105.00"). */
  totalPrice: string;
  saleUnitPrice: string;
  saleTotal: string;
  /** The rate the line is taxed at ("20.00"; "0.00" under reverse charge or franchise). */
  vatRate: string;
}

/** Quote figures as the API carries them: decimal strings with two decimals. */
export interface QuoteTotals {
  /** In the order of the items. */
  lines: QuoteLineTotals[];
  subtotalAmount: string;
  overheadAmount: string;
  marginAmount: string;
  /** HT. */
  totalAmount: string;
  vatBreakdown: VatBreakdownEntry[];
  vatAmount: string;
  /** TTC. */
  totalWithVat: string;
}

/** The VAT rate a line read back without one is taxed at (records made before VAT existed). */
export const LEGACY_VAT_RATE = '20.00';

/**
 * The pricing rule on the values as a quote carries them: quantities, unit costs, rates and
 * percentages as decimal strings ("12.500", "8.40", "10.00") or JSON numbers, parsed by `money.ts`
 * (so "12,5" and 12.5 work too). A line without a rate is taxed at 20 % (`LEGACY_VAT_RATE`).
 * Validation (quantity > 0, price ≥ 0, percent 0–100, a known rate) is the schemas' job, not this
 * function's: it prices whatever it is given.
 * @throws DecimalInputError when a value is not a decimal of its scale.
 */
export function quoteTotals(input: {
  items: readonly { quantity: DecimalInput; unitPrice: DecimalInput; vatRate?: DecimalInput | undefined }[];
  overheadPercentage: DecimalInput;
  marginPercentage: DecimalInput;
  noVat?: boolean;
}): QuoteTotals {
  const totals = quoteTotalsInUnits({
    items: input.items.map((item) => ({
      quantityThousandths: parseQuantity(item.quantity),
      unitPriceCents: parseMoney(item.unitPrice),
      vatRateHundredths: parsePercent(item.vatRate ?? LEGACY_VAT_RATE),
    })),
    overheadHundredths: parsePercent(input.overheadPercentage),
    marginHundredths: parsePercent(input.marginPercentage),
    noVat: input.noVat === true,
  });
  return {
    lines: totals.lines.map((line) => ({
      totalPrice: formatMoney(line.costTotalCents),
      saleUnitPrice: formatMoney(line.saleUnitPriceCents),
      saleTotal: formatMoney(line.saleTotalCents),
      vatRate: formatPercent(line.vatRateHundredths),
    })),
    subtotalAmount: formatMoney(totals.subtotalCents),
    overheadAmount: formatMoney(totals.overheadCents),
    marginAmount: formatMoney(totals.marginCents),
    totalAmount: formatMoney(totals.totalCents),
    vatBreakdown: formatVatBreakdown(totals.vatBreakdown),
    vatAmount: formatMoney(totals.vatCents),
    totalWithVat: formatMoney(totals.totalWithVatCents),
  };
}

/** What pricing a document reads of its company. */
export interface PricingContext {
  /** The rate of a line given without one. */
  defaultVatRate: VatRate;
  /** Franchise en base (art. 293 B CGI): no VAT on any line. */
  franchise: boolean;
}

/** A company that has not filled its profile yet: lines at 20 %, VAT charged. */
export const defaultPricingContext: PricingContext = { defaultVatRate, franchise: false };

/** The pricing context of a company's profile. */
export function pricingContextOf(
  company: Pick<Partial<Company>, 'defaultVatRate' | 'vatRegime'>,
): PricingContext {
  const rate = company.defaultVatRate;
  return {
    defaultVatRate:
      rate !== undefined && (vatRates as readonly string[]).includes(rate) ? rate : defaultVatRate,
    franchise: company.vatRegime === 'franchise',
  };
}
