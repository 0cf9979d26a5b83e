import { quoteItemInput, type QuoteItem, type QuoteItemData } from '@btp/shared/entities/quote';
import {
  defaultVatRate,
  labelOf,
  vatRateLabels,
  vatRates,
  type ResourceType,
  type VatRate,
} from '@btp/shared/enums';
import {
  formatEuro,
  formatPercent,
  MONEY_SCALE,
  parseMoney,
  PERCENT_SCALE,
  QUANTITY_SCALE,
  tryParseDecimal,
} from '@btp/shared/money';
import { quoteTotalsInUnits, type QuoteLineInUnits } from '@btp/shared/pricing';
import type { VatBreakdownInUnits } from '@btp/shared/vat';

/** A quote line as the editor holds it: the text the person typed. */
export interface LineDraft {
  /** Stable React key, never sent. */
  key: string;
  resourceType: ResourceType | undefined;
  description: string;
  unit: string;
  quantity: string;
  /** The unit cost (déboursé), as typed. */
  unitPrice: string;
  /** The line's own rate, kept while the quote is under reverse charge (which taxes it at 0 %). */
  vatRate: VatRate;
  /** Kept from a stored line, which the editor does not show. */
  supplierId?: string | undefined;
  notes?: string | undefined;
}

/** The fields of a line that carry a message. */
export type LineField = 'resourceType' | 'quantity' | 'unitPrice' | 'vatRate';
export type LineMessages = Partial<Record<LineField, string>>;
const lineFields: readonly string[] = [
  'resourceType',
  'quantity',
  'unitPrice',
  'vatRate',
] satisfies LineField[];

let lastKey = 0;
function nextKey(): string {
  lastKey += 1;
  return `line-${lastKey}`;
}

/** A new line at `vatRate` (the company's default rate). */
export function emptyLine(vatRate: VatRate = defaultVatRate): LineDraft {
  return {
    key: nextKey(),
    resourceType: undefined,
    description: '',
    unit: '',
    quantity: '',
    unitPrice: '',
    vatRate,
  };
}

/**
 * A stored decimal ("12.500", "8.40") as a French reader types it: decimal comma, trailing zeros of
 * the fraction dropped beyond `keep` decimals ("12,5", "8,40").
 */
export function decimalForInput(value: string, keep = 0): string {
  const [integer = '', fraction = ''] = value.split('.');
  let digits = fraction;
  while (digits.length > keep && digits.endsWith('0')) digits = digits.slice(0, -1);
  return digits === '' ? integer : `${integer},${digits}`;
}

function isVatRate(value: string | undefined): value is VatRate {
  return (vatRates as readonly string[]).includes(value ?? '');
}

/** The editor's lines for a stored quote's lines (a line read without a known rate gets `fallbackRate`). */
export function linesFromItems(
  items: readonly QuoteItem[],
  fallbackRate: VatRate = defaultVatRate,
): LineDraft[] {
  return items.map((item) => ({
    key: nextKey(),
    resourceType: item.resourceType,
    description: item.description ?? '',
    unit: item.unit ?? '',
    quantity: decimalForInput(item.quantity),
    unitPrice: decimalForInput(item.unitPrice, MONEY_SCALE),
    vatRate: isVatRate(item.vatRate) ? item.vatRate : fallbackRate,
    supplierId: item.supplierId,
    notes: item.notes,
  }));
}

function lineInput(line: LineDraft, index: number) {
  return {
    resourceType: line.resourceType,
    description: line.description,
    unit: line.unit,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    vatRate: line.vatRate,
    supplierId: line.supplierId,
    notes: line.notes,
    sortOrder: index,
  };
}

/** What the lines give: the items to send when every line is right, else the messages per line. */
export type LinesValidation =
  { items: QuoteItemData[]; messages: LineMessages[] } | { items: undefined; messages: LineMessages[] };

/**
 * Checks every line with the shared line schema (the spec's messages, the server's rule). Each line
 * is sent with its own rate, even under reverse charge: the server taxes it at 0 % then, and the
 * rate comes back should the quote leave reverse charge.
 */
export function validateLines(lines: readonly LineDraft[]): LinesValidation {
  const items: QuoteItemData[] = [];
  const messages: LineMessages[] = [];
  let valid = true;
  lines.forEach((line, index) => {
    const result = quoteItemInput.safeParse(lineInput(line, index));
    const lineMessages: LineMessages = {};
    if (result.success) {
      items.push(result.data);
    } else {
      valid = false;
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (lineFields.includes(field)) lineMessages[field as LineField] ??= issue.message;
      }
    }
    messages.push(lineMessages);
  });
  return valid ? { items, messages } : { items: undefined, messages };
}

/**
 * The figures the editor shows while a person types, in cents (`pricing.ts`'s, the server's): per
 * line its cost total, selling prices and the rate it is taxed at (`null` while the line cannot be
 * read), then the quote's totals and VAT per rate.
 */
export interface LiveTotals {
  lines: (QuoteLineInUnits | null)[];
  subtotalCents: number;
  overheadCents: number;
  marginCents: number;
  /** HT. */
  totalCents: number;
  vatBreakdown: VatBreakdownInUnits[];
  vatCents: number;
  /** TTC. */
  totalWithVatCents: number;
}

function units(value: unknown, scale: number, minimum: number): number | null {
  const parsed = tryParseDecimal(value, scale);
  return parsed.ok && parsed.units >= minimum ? parsed.units : null;
}

const NOTHING: Omit<LiveTotals, 'lines'> = {
  subtotalCents: 0,
  overheadCents: 0,
  marginCents: 0,
  totalCents: 0,
  vatBreakdown: [],
  vatCents: 0,
  totalWithVatCents: 0,
};

/**
 * The shared pricing rule (`quoteTotals`, the server's) applied to what is typed so far: a line whose
 * quantity (> 0) or unit cost (≥ 0) cannot be read yet counts for nothing (it adds no rate to the VAT
 * breakdown either), and a percentage that cannot be read (or lies outside 0–100) counts as 0 %.
 * `noVat` (reverse charge, franchise) taxes every line at 0 %. Integer arithmetic only.
 */
export function liveTotals(
  lines: readonly Pick<LineDraft, 'quantity' | 'unitPrice' | 'vatRate'>[],
  overheadPercentage: unknown,
  marginPercentage: unknown,
  noVat = false,
): LiveTotals {
  const readable = lines.map((line) => {
    const quantityThousandths = units(line.quantity, QUANTITY_SCALE, 1);
    const unitPriceCents = units(line.unitPrice, MONEY_SCALE, 0);
    const vatRateHundredths = units(line.vatRate, PERCENT_SCALE, 0);
    return quantityThousandths === null || unitPriceCents === null || vatRateHundredths === null
      ? null
      : { quantityThousandths, unitPriceCents, vatRateHundredths };
  });
  const percent = (value: unknown) => {
    const hundredths = units(value, PERCENT_SCALE, 0);
    return hundredths === null || hundredths > 100 * 10 ** PERCENT_SCALE ? 0 : hundredths;
  };
  const items = readable.filter((item) => item !== null);
  let totals;
  try {
    totals = quoteTotalsInUnits({
      items,
      overheadHundredths: percent(overheadPercentage),
      marginHundredths: percent(marginPercentage),
      noVat,
    });
  } catch {
    // Figures beyond the safe integers: nothing sensible to show until the person corrects them.
    return { lines: lines.map(() => null), ...NOTHING };
  }
  let next = 0;
  return {
    ...totals,
    lines: readable.map((item) => {
      if (item === null) return null;
      const line = totals.lines[next];
      next += 1;
      return line ?? null;
    }),
  };
}

/** A money decimal of the API ("512.33") in euros: "512,33 €". */
export function euros(value: string): string {
  return formatEuro(parseMoney(value));
}

/** A VAT rate in hundredths of a percent (2000, 550) as a French reader writes it: "20 %", "5,5 %". */
export function vatRateText(rateHundredths: number): string {
  const rate = formatPercent(rateHundredths);
  return labelOf(vatRateLabels, rate, `${decimalForInput(rate)}\u00a0%`);
}
