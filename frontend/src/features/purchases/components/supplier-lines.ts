import {
  supplierInvoiceLineInput,
  type SupplierInvoice,
  type SupplierInvoiceLine,
  type SupplierInvoiceLineData,
} from '@btp/shared/entities/supplier-invoice';
import { defaultVatRate, type ResourceType } from '@btp/shared/enums';
import { MONEY_SCALE, RECEIVED_DECIMAL_SCALE, tryParseDecimal } from '@btp/shared/money';
import { supplierLineTotalCents, supplierTotals } from '@btp/shared/supplier-invoice-figures';
import { formatMoney } from '@btp/shared/money';
import type { VatBreakdownEntry } from '@btp/shared/vat';

import {
  checkLines,
  decimalForInput,
  lineInput,
  type InvoiceLineMessages,
} from '../../invoicing/components/invoice-lines';
import { NONE } from './purchase-values';

/** A supplier invoice line as the editor holds it: the text the person typed. */
export interface SupplierLineDraft {
  /** Stable React key, never sent. */
  key: string;
  description: string;
  unit: string;
  quantity: string;
  /** HT, a purchase price. */
  unitPrice: string;
  vatRate: string;
  resourceType: ResourceType | undefined;
  /** NONE: the invoice's project. */
  projectId: string;
  /**
   * The stored line it was read from (an imported line's stated total, base quantity, allowances
   * and charges): its total counts while its figures are not changed.
   */
  stored?: SupplierInvoiceLine;
}

export const NO_SUPPLIER_LINE_MESSAGE = 'Ajoutez au moins une ligne';

let lastKey = 0;
const nextKey = () => {
  lastKey += 1;
  return `supplier-line-${lastKey}`;
};

export function emptySupplierLine(vatRate: string = defaultVatRate): SupplierLineDraft {
  return {
    key: nextKey(),
    description: '',
    unit: '',
    quantity: '1',
    unitPrice: '',
    vatRate,
    resourceType: undefined,
    projectId: NONE,
  };
}

/** The editor's lines for a stored record's lines (those with a rate: a record made before lines has none). */
export function linesFromSupplierInvoice(
  invoice: Pick<SupplierInvoice, 'lines' | 'vatDetailed'> | undefined,
): SupplierLineDraft[] {
  if (!invoice || invoice.vatDetailed === false) return [];
  return (invoice.lines ?? []).flatMap((line) =>
    line.vatRate === undefined
      ? []
      : [
          {
            key: nextKey(),
            description: line.description,
            unit: line.unit ?? '',
            quantity: decimalForInput(line.quantity),
            unitPrice: decimalForInput(line.unitPrice, MONEY_SCALE),
            vatRate: line.vatRate,
            resourceType: line.resourceType,
            projectId: line.projectId ?? NONE,
            stored: line,
          },
        ],
  );
}

/** A line as the create and update bodies carry it (what the shared schema parses). */
export function supplierLineInput(line: SupplierLineDraft) {
  return {
    ...lineInput(line),
    resourceType: line.resourceType,
    projectId: line.projectId === NONE ? undefined : line.projectId,
  };
}

/** Checks every line with the shared line schema (the server's rule and messages). */
export function validateSupplierLines(lines: readonly SupplierLineDraft[]): {
  lines: SupplierInvoiceLineData[] | undefined;
  messages: InvoiceLineMessages[];
  listMessage: string | undefined;
} {
  return checkLines(lines, supplierInvoiceLineInput, supplierLineInput, NO_SUPPLIER_LINE_MESSAGE);
}

/** Whether a line still has the figures of the stored line it came from (its stated total then counts). */
function unchanged(line: SupplierLineDraft): boolean {
  const { stored } = line;
  if (!stored) return false;
  const parsed = supplierInvoiceLineInput.safeParse(supplierLineInput(line));
  return (
    parsed.success &&
    parsed.data.description === stored.description &&
    parsed.data.quantity === stored.quantity &&
    parsed.data.unitPrice === stored.unitPrice &&
    parsed.data.vatRate === stored.vatRate
  );
}

const readable = (value: string, scale: number, nonNegative: boolean) => {
  const parsed = tryParseDecimal(value, scale);
  return parsed.ok && (!nonNegative || parsed.units >= 0);
};

/** The figures the dialog shows while a person types. */
export interface LiveSupplierTotals {
  lineTotals: (string | null)[];
  totalAmount: string;
  vatBreakdown: VatBreakdownEntry[];
  vatAmount: string;
  totalWithVat: string;
}

/**
 * The shared rules (`supplier-invoice-figures.ts`, what the server stores) applied to what is typed
 * so far: a line whose quantity or price cannot be read yet counts for nothing; an imported line
 * not changed keeps its stated total; an import's document allowances and charges and stated VAT
 * apply as on the server.
 */
export function liveSupplierTotals(
  lines: readonly SupplierLineDraft[],
  invoice?: Pick<SupplierInvoice, 'allowances' | 'charges' | 'vatBreakdown'>,
): LiveSupplierTotals {
  const lineTotals = lines.map((line) => {
    if (unchanged(line)) return line.stored!.total;
    if (
      !readable(line.quantity, RECEIVED_DECIMAL_SCALE, false) ||
      !readable(line.unitPrice, RECEIVED_DECIMAL_SCALE, true)
    ) {
      return null;
    }
    try {
      return formatMoney(supplierLineTotalCents({ quantity: line.quantity, unitPrice: line.unitPrice }));
    } catch {
      return null;
    }
  });
  try {
    const counted = lines.flatMap((line, index) => {
      const total = lineTotals[index];
      return total === null || total === undefined || !readable(line.vatRate, 2, true)
        ? []
        : [{ total, vatRate: line.vatRate }];
    });
    const totals = supplierTotals({
      lines: counted,
      allowances: invoice?.allowances,
      charges: invoice?.charges,
      stated: invoice?.vatBreakdown,
    });
    return {
      lineTotals,
      totalAmount: totals.netAmount,
      vatBreakdown: totals.vatBreakdown,
      vatAmount: totals.vatAmount,
      totalWithVat: totals.totalAmount,
    };
  } catch {
    return { lineTotals, totalAmount: '0.00', vatBreakdown: [], vatAmount: '0.00', totalWithVat: '0.00' };
  }
}
