import {
  quoteHeadingInput,
  quoteItemInput,
  type QuoteComponentSnapshot,
  type QuoteItem,
  type QuoteRowData,
  type QuoteSection,
} from '@btp/shared/entities/quote';
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
import { quoteOutline } from '@btp/shared/quote-sections';
import type { VatBreakdownInUnits } from '@btp/shared/vat';

import { decimalForInput } from '../../../lib/format';
import { withNewKey, type ComponentDraft } from '../../../components/sous-detail-editor';
import { isHeading, nextRowKey, rowPlaces, type HeadingDraft } from './quote-rows';

/** A quote line as the editor holds it: the text the person typed. */
export interface LineDraft {
  /** Stable React key, never sent. */
  key: string;
  kind?: 'line';
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
  /** The library's article or ouvrage the line was made from. */
  articleId?: string | undefined;
  ouvrageId?: string | undefined;
  /** The sous-détail of a line made from an ouvrage: its `unitPrice` is their déboursé. */
  components?: ComponentDraft[] | undefined;
}

/** A row of the editor: a priced line or a lot's heading. */
export type RowDraft = LineDraft | HeadingDraft;

/** The fields of a row that carry a message (`title`: a heading's; `components`: the sous-détail's). */
export type LineField = 'resourceType' | 'quantity' | 'unitPrice' | 'vatRate' | 'title' | 'components';
export type LineMessages = Partial<Record<LineField, string>>;
const lineFields: readonly string[] = [
  'resourceType',
  'quantity',
  'unitPrice',
  'vatRate',
  'title',
] satisfies LineField[];

/** A new line at `vatRate` (the company's default rate). */
export function emptyLine(vatRate: VatRate = defaultVatRate): LineDraft {
  return {
    key: nextRowKey('line'),
    resourceType: undefined,
    description: '',
    unit: '',
    quantity: '',
    unitPrice: '',
    vatRate,
  };
}

export { decimalForInput } from '../../../lib/format';

function isVatRate(value: string | undefined): value is VatRate {
  return (vatRates as readonly string[]).includes(value ?? '');
}

/**
 * The editor's rows for a stored quote: its lots' headings (`sections`) and its lines, in the
 * order the devis shows them (`quoteOutline`: lines without lot first, then each lot, its own lines
 * before its sub-lots). A line read without a known rate gets `fallbackRate`.
 */
export function linesFromItems(
  items: readonly QuoteItem[],
  fallbackRate: VatRate = defaultVatRate,
  sections: readonly Pick<QuoteSection, 'section' | 'title'>[] = [],
): RowDraft[] {
  return quoteOutline(sections, items).map((row): RowDraft => {
    if (row.kind === 'heading') {
      return { key: nextRowKey('heading'), kind: 'heading', level: row.level > 1 ? 2 : 1, title: row.title };
    }
    const item = row.line;
    return {
      key: nextRowKey('line'),
      resourceType: item.resourceType,
      description: item.description ?? '',
      unit: item.unit ?? '',
      quantity: decimalForInput(item.quantity),
      unitPrice: decimalForInput(item.unitPrice, MONEY_SCALE),
      vatRate: isVatRate(item.vatRate) ? item.vatRate : fallbackRate,
      supplierId: item.supplierId,
      notes: item.notes,
      articleId: item.articleId,
      ouvrageId: item.ouvrageId,
      components: item.components?.map(componentFromSnapshot),
    };
  });
}

/** A stored component (the line's snapshot) as the editor holds it. */
export function componentFromSnapshot(component: QuoteComponentSnapshot): ComponentDraft {
  return withNewKey({
    articleId: component.articleId,
    ouvrageId: component.ouvrageId,
    reference: component.reference,
    designation: component.designation,
    unit: component.unit ?? '',
    resourceType: component.resourceType,
    quantity: decimalForInput(component.quantity),
    lossRate: component.lossRate === undefined ? '' : decimalForInput(component.lossRate),
    unitCost: decimalForInput(component.unitCost, MONEY_SCALE),
  });
}

function lineInput(line: LineDraft, index: number, section: string | undefined) {
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
    section,
    articleId: line.articleId,
    ouvrageId: line.ouvrageId,
    components: line.components?.map((component) => ({
      articleId: component.articleId,
      ouvrageId: component.ouvrageId,
      reference: component.reference,
      designation: component.designation,
      unit: component.unit,
      // A sub-ouvrage's share is analysed as such (`quoteAnalysis`): its snapshot carries no type.
      resourceType: component.ouvrageId ? undefined : component.resourceType,
      quantity: component.quantity,
      unitCost: component.unitCost,
      lossRate: component.lossRate.trim() === '' ? undefined : component.lossRate,
    })),
  };
}

/** What the rows give: the rows to send when every one is right, else the messages per row. */
interface LinesChecked<Items> {
  items: Items;
  messages: LineMessages[];
}
export type LinesValidation = LinesChecked<QuoteRowData[]> | LinesChecked<undefined>;

/**
 * Checks every row with the shared schemas (the spec's messages, the server's rule). Each line is
 * sent with its own rate, even under reverse charge: the server taxes it at 0 % then, and the rate
 * comes back should the quote leave reverse charge. Headings are numbered and lines given their lot
 * from their order (`rowPlaces`); `messages` has one entry per row, a component's under
 * `components` ("Composant 2 : …").
 */
export function validateLines(rows: readonly RowDraft[]): LinesValidation {
  const items: QuoteRowData[] = [];
  const messages: LineMessages[] = [];
  const places = rowPlaces(rows);
  let valid = true;
  rows.forEach((row, index) => {
    const section = places[index]?.section;
    const rowMessages: LineMessages = {};
    const result = isHeading(row)
      ? quoteHeadingInput.safeParse({ kind: 'heading', section, title: row.title })
      : quoteItemInput.safeParse(lineInput(row, index, section));
    if (result.success) {
      items.push(result.data);
    } else {
      valid = false;
      for (const issue of result.error.issues) {
        const [field, at] = issue.path;
        if (field === 'components' && typeof at === 'number') {
          rowMessages.components ??= `Composant ${at + 1} : ${issue.message}`;
        } else if (lineFields.includes(String(field))) {
          rowMessages[field as LineField] ??= issue.message;
        }
      }
    }
    messages.push(rowMessages);
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
  lines: readonly (Pick<LineDraft, 'quantity' | 'unitPrice' | 'vatRate'> | HeadingDraft)[],
  overheadPercentage: unknown,
  marginPercentage: unknown,
  noVat = false,
): LiveTotals {
  const readable = lines.map((row) => {
    if ('kind' in row && row.kind === 'heading') return null;
    const line = row as Pick<LineDraft, 'quantity' | 'unitPrice' | 'vatRate'>;
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
