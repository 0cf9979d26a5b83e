import { quoteItemInput, type QuoteItem, type QuoteItemData } from '@btp/shared/entities/quote';
import type { ResourceType } from '@btp/shared/enums';
import {
  formatEuro,
  MONEY_SCALE,
  parseMoney,
  PERCENT_SCALE,
  QUANTITY_SCALE,
  tryParseDecimal,
} from '@btp/shared/money';
import { quoteTotalsInUnits } from '@btp/shared/pricing';

/** A quote line as the editor holds it: the text the person typed. */
export interface LineDraft {
  /** Stable React key, never sent. */
  key: string;
  resourceType: ResourceType | undefined;
  description: string;
  unit: string;
  quantity: string;
  unitPrice: string;
  /** Kept from a stored line, which the editor does not show. */
  supplierId?: string | undefined;
  notes?: string | undefined;
}

/** The fields of a line that carry a message. */
export type LineField = 'resourceType' | 'quantity' | 'unitPrice';
export type LineMessages = Partial<Record<LineField, string>>;

let lastKey = 0;
function nextKey(): string {
  lastKey += 1;
  return `line-${lastKey}`;
}

export function emptyLine(): LineDraft {
  return { key: nextKey(), resourceType: undefined, description: '', unit: '', quantity: '', unitPrice: '' };
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

/** The editor's lines for a stored quote's lines. */
export function linesFromItems(items: readonly QuoteItem[]): LineDraft[] {
  return items.map((item) => ({
    key: nextKey(),
    resourceType: item.resourceType,
    description: item.description ?? '',
    unit: item.unit ?? '',
    quantity: decimalForInput(item.quantity),
    unitPrice: decimalForInput(item.unitPrice, MONEY_SCALE),
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
    supplierId: line.supplierId,
    notes: line.notes,
    sortOrder: index,
  };
}

/** What the lines give: the items to send when every line is right, else the messages per line. */
export type LinesValidation =
  { items: QuoteItemData[]; messages: LineMessages[] } | { items: undefined; messages: LineMessages[] };

/** Checks every line with the shared line schema (the spec's messages, the server's rule). */
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
        if (field === 'resourceType' || field === 'quantity' || field === 'unitPrice') {
          lineMessages[field] ??= issue.message;
        }
      }
    }
    messages.push(lineMessages);
  });
  return valid ? { items, messages } : { items: undefined, messages };
}

/** The figures the editor shows while a person types, in cents; a line not readable yet is `null`. */
export interface LiveTotals {
  lineCents: (number | null)[];
  subtotalCents: number;
  overheadCents: number;
  marginCents: number;
  totalCents: number;
}

function units(value: unknown, scale: number, minimum: number): number | null {
  const parsed = tryParseDecimal(value, scale);
  return parsed.ok && parsed.units >= minimum ? parsed.units : null;
}

/**
 * The shared pricing rule (`quoteTotals`, the server's) applied to what is typed so far: a line whose
 * quantity (> 0) or unit price (≥ 0) cannot be read yet counts for nothing, and a percentage that
 * cannot be read (or lies outside 0–100) counts as 0 %. Integer arithmetic only.
 */
export function liveTotals(
  lines: readonly Pick<LineDraft, 'quantity' | 'unitPrice'>[],
  overheadPercentage: unknown,
  marginPercentage: unknown,
): LiveTotals {
  const readable = lines.map((line) => {
    const quantityThousandths = units(line.quantity, QUANTITY_SCALE, 1);
    const unitPriceCents = units(line.unitPrice, MONEY_SCALE, 0);
    return quantityThousandths === null || unitPriceCents === null
      ? null
      : { quantityThousandths, unitPriceCents };
  });
  const percent = (value: unknown) => {
    const hundredths = units(value, PERCENT_SCALE, 0);
    return hundredths === null || hundredths > 100 * 10 ** PERCENT_SCALE ? 0 : hundredths;
  };
  let totals;
  try {
    totals = quoteTotalsInUnits({
      items: readable.map((item) => item ?? { quantityThousandths: 0, unitPriceCents: 0 }),
      overheadHundredths: percent(overheadPercentage),
      marginHundredths: percent(marginPercentage),
    });
  } catch {
    // Figures beyond the safe integers: nothing sensible to show until the person corrects them.
    return {
      lineCents: lines.map(() => null),
      subtotalCents: 0,
      overheadCents: 0,
      marginCents: 0,
      totalCents: 0,
    };
  }
  return {
    ...totals,
    lineCents: totals.lineCents.map((cents, index) => (readable[index] === null ? null : cents)),
  };
}

/** A money decimal of the API ("512.33") in euros: "512,33 €". */
export function euros(value: string): string {
  return formatEuro(parseMoney(value));
}
