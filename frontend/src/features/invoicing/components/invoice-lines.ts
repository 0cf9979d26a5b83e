import { invoiceLineInput, type InvoiceLine, type InvoiceLineData } from '@btp/shared/entities/invoice';
import { defaultVatRate, vatRateLabels, vatRates, type VatRate } from '@btp/shared/enums';
import { invoiceTotals, type InvoiceLineAmounts } from '@btp/shared/invoice-totals';
import { MONEY_SCALE, QUANTITY_SCALE, tryParseDecimal } from '@btp/shared/money';
import type { VatBreakdownEntry } from '@btp/shared/vat';

/** An invoice line as the editor holds it: the text the person typed. */
export interface InvoiceLineDraft {
  /** Stable React key, never sent. */
  key: string;
  description: string;
  unit: string;
  quantity: string;
  /** HT, a selling price. */
  unitPrice: string;
  vatRate: VatRate;
}

/** The fields of a line that carry a message. */
export type InvoiceLineField = 'description' | 'quantity' | 'unitPrice' | 'vatRate';
export type InvoiceLineMessages = Partial<Record<InvoiceLineField, string>>;

/** Shown when the person saves an invoice without a line. */
export const NO_LINE_MESSAGE = 'Ajoutez au moins une ligne à la facture';

let lastKey = 0;
function nextKey(): string {
  lastKey += 1;
  return `invoice-line-${lastKey}`;
}

export function emptyInvoiceLine(vatRate: VatRate = defaultVatRate): InvoiceLineDraft {
  return { key: nextKey(), description: '', unit: '', quantity: '1', unitPrice: '', vatRate };
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

/** Whether a rate read back is one of the five a line may carry. */
export function isVatRate(value: string): value is VatRate {
  return (vatRates as readonly string[]).includes(value);
}

/** "20 %", "5,5 %": a rate of the API ("5.50") as the screens write it. */
export function vatRateText(rate: string): string {
  return isVatRate(rate) ? vatRateLabels[rate] : `${decimalForInput(rate)}\u00a0%`;
}

/**
 * Whether a stored line was made by the server as a deduction (quantity below 0: an issued deposit
 * deducted from the invoice of a quote). The server keeps those after the lines an update sends.
 */
export function isDeductionLine(line: Pick<InvoiceLine, 'quantity'>): boolean {
  return line.quantity.startsWith('-');
}

/** The editor's lines for a stored invoice's lines (its deductions are the server's, not edited). */
export function linesFromInvoice(lines: readonly InvoiceLine[]): InvoiceLineDraft[] {
  return lines
    .filter((line) => !isDeductionLine(line))
    .map((line) => ({
      key: nextKey(),
      description: line.description,
      unit: line.unit ?? '',
      quantity: decimalForInput(line.quantity),
      unitPrice: decimalForInput(line.unitPrice, MONEY_SCALE),
      vatRate: isVatRate(line.vatRate) ? line.vatRate : defaultVatRate,
    }));
}

/**
 * A line as the create and update bodies carry it (what the shared schema parses); a supplier
 * invoice's line adds its own fields to it.
 */
export function lineInput(
  line: Pick<InvoiceLineDraft, 'description' | 'unit' | 'quantity' | 'unitPrice'> & { vatRate: string },
) {
  return {
    description: line.description,
    unit: line.unit,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    vatRate: line.vatRate,
  };
}

/** What the lines give: the lines to send when every one is right, else the messages per line. */
export interface InvoiceLinesValidation {
  lines: InvoiceLineData[] | undefined;
  messages: InvoiceLineMessages[];
  /** The message of the list itself (no line at all). */
  listMessage: string | undefined;
}

const LINE_FIELDS: readonly string[] = ['description', 'quantity', 'unitPrice', 'vatRate'];

/** A shared line schema as the editors use it (zod's `safeParse`). */
interface LineSchema<Data> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: Data }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * Checks every line with a shared line schema (the server's rule and messages): the lines to send
 * when every one is right, else the messages per line; `emptyMessage` when there is no line.
 */
export function checkLines<Draft, Data>(
  lines: readonly Draft[],
  schema: LineSchema<Data>,
  input: (line: Draft) => unknown,
  emptyMessage: string,
): { lines: Data[] | undefined; messages: InvoiceLineMessages[]; listMessage: string | undefined } {
  const parsed: Data[] = [];
  const messages: InvoiceLineMessages[] = [];
  let valid = lines.length > 0;
  for (const line of lines) {
    const result = schema.safeParse(input(line));
    const lineMessages: InvoiceLineMessages = {};
    if (result.success) {
      parsed.push(result.data);
    } else {
      valid = false;
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (LINE_FIELDS.includes(field)) lineMessages[field as InvoiceLineField] ??= issue.message;
      }
    }
    messages.push(lineMessages);
  }
  return {
    lines: valid ? parsed : undefined,
    messages,
    listMessage: lines.length === 0 ? emptyMessage : undefined,
  };
}

/** Checks every line with the shared line schema (the server's rule and messages). */
export function validateInvoiceLines(lines: readonly InvoiceLineDraft[]): InvoiceLinesValidation {
  return checkLines(lines, invoiceLineInput, lineInput, NO_LINE_MESSAGE);
}

/**
 * The server's per-line messages of a refused save (`details` paths "lines.2.quantity"), by line.
 */
export function lineMessagesOf(
  details: readonly { path: string; message: string }[] | undefined,
): InvoiceLineMessages[] {
  const messages: InvoiceLineMessages[] = [];
  for (const { path, message } of details ?? []) {
    const [root, index, field] = path.split('.');
    if (root !== 'lines' || index === undefined || field === undefined || !LINE_FIELDS.includes(field)) {
      continue;
    }
    const at = Number(index);
    if (!Number.isInteger(at) || at < 0) continue;
    const lineMessages = (messages[at] ??= {});
    lineMessages[field as InvoiceLineField] ??= message;
  }
  return messages;
}

/** The figures the editor shows while a person types (decimal strings of the API, HT and TTC). */
export interface LiveInvoiceTotals {
  /** Per line, its HT total; `null` while its quantity or price cannot be read. */
  lineTotals: (string | null)[];
  totalAmount: string;
  vatBreakdown: VatBreakdownEntry[];
  vatAmount: string;
  totalWithVat: string;
}

function readable(value: string, scale: number, minimumExclusive: boolean): boolean {
  const parsed = tryParseDecimal(value, scale);
  return parsed.ok && (minimumExclusive ? parsed.units > 0 : parsed.units >= 0);
}

const NOTHING: Omit<LiveInvoiceTotals, 'lineTotals'> = {
  totalAmount: '0.00',
  vatBreakdown: [],
  vatAmount: '0.00',
  totalWithVat: '0.00',
};

/**
 * The shared rule (`invoiceTotals`, what the server stores) applied to what is typed so far: a line
 * whose quantity (> 0) or unit price (≥ 0) cannot be read yet counts for nothing and states no rate.
 * `noVat`: reverse charge or the franchise, every line at 0 %. `kept`: the stored deductions the
 * server adds after the lines sent.
 */
export function liveInvoiceTotals(
  lines: readonly Pick<InvoiceLineDraft, 'quantity' | 'unitPrice' | 'vatRate'>[],
  noVat: boolean,
  kept: readonly InvoiceLineAmounts[] = [],
): LiveInvoiceTotals {
  const counted: { index: number; line: InvoiceLineAmounts }[] = [];
  lines.forEach((line, index) => {
    if (readable(line.quantity, QUANTITY_SCALE, true) && readable(line.unitPrice, MONEY_SCALE, false)) {
      counted.push({ index, line });
    }
  });
  try {
    const totals = invoiceTotals({ lines: [...counted.map(({ line }) => line), ...kept], noVat });
    const lineTotals: (string | null)[] = lines.map(() => null);
    counted.forEach(({ index }, at) => {
      lineTotals[index] = totals.lines[at]?.total ?? null;
    });
    return {
      lineTotals,
      totalAmount: totals.totalAmount,
      vatBreakdown: totals.vatBreakdown,
      vatAmount: totals.vatAmount,
      totalWithVat: totals.totalWithVat,
    };
  } catch {
    // Figures beyond the safe integers: nothing sensible to show until the person corrects them.
    return { lineTotals: lines.map(() => null), ...NOTHING };
  }
}
