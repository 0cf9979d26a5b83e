import {
  invoiceCreditNoteInput,
  type InvoiceCreditNoteData,
  type InvoiceLine,
} from '@btp/shared/entities/invoice';
import { invoiceTotals } from '@btp/shared/invoice-totals';
import { QUANTITY_SCALE, tryParseDecimal } from '@btp/shared/money';

import type { InvoiceFigureValues } from './invoice-figures';
import { decimalForInput } from './invoice-lines';

/** What a credit note cancels: the whole invoice, or chosen lines. */
export type CreditMode = 'whole' | 'lines';

/** One line of the invoice as the dialog holds it: chosen or not, and the quantity typed. */
export interface CreditLineChoice {
  chosen: boolean;
  quantity: string;
}

export const creditNoteMessages = {
  noLine: 'Choisissez au moins une ligne à créditer',
  quantity: 'La quantité à créditer doit être un nombre positif',
  above: (quantity: string) =>
    `La quantité à créditer ne peut pas dépasser la quantité facturée (${quantity})`,
} as const;

/** Every line of the invoice, not chosen yet, at its whole quantity. */
export function initialChoices(lines: readonly InvoiceLine[]): CreditLineChoice[] {
  return lines.map((line) => ({ chosen: false, quantity: decimalForInput(line.quantity) }));
}

/** A line's quantity, in thousandths, or `undefined` when it cannot be read. */
function thousandths(value: string): number | undefined {
  const parsed = tryParseDecimal(value, QUANTITY_SCALE);
  return parsed.ok ? parsed.units : undefined;
}

/**
 * Whether the quantity of a line can be lowered: a server-made line of negative quantity (a
 * situation's deposit deduction) is credited whole or not at all.
 */
export function partialAllowed(line: InvoiceLine): boolean {
  return (thousandths(line.quantity) ?? 0) > 0;
}

/** What the choices give: the request body when they are right, else the messages to show. */
export interface CreditNoteValidation {
  data: InvoiceCreditNoteData | undefined;
  /** Per line, the message under its quantity. */
  lineMessages: (string | undefined)[];
  /** Nothing chosen. */
  listMessage: string | undefined;
}

/**
 * The body of `POST /api/invoices/{id}/credit-note`: no lines for the whole invoice; else the chosen
 * lines by position, with a quantity only when it is below the line's (none: the whole line).
 */
export function validateCreditNote(
  lines: readonly InvoiceLine[],
  mode: CreditMode,
  choices: readonly CreditLineChoice[],
  reason: string,
): CreditNoteValidation {
  const lineMessages: (string | undefined)[] = lines.map(() => undefined);
  if (mode === 'whole') {
    const parsed = invoiceCreditNoteInput.safeParse({ reason });
    return { data: parsed.success ? parsed.data : undefined, lineMessages, listMessage: undefined };
  }
  const chosen: { index: number; quantity?: string }[] = [];
  lines.forEach((line, index) => {
    const choice = choices[index];
    if (choice?.chosen !== true) return;
    if (!partialAllowed(line)) {
      chosen.push({ index });
      return;
    }
    const typed = thousandths(choice.quantity);
    const whole = thousandths(line.quantity) ?? 0;
    if (typed === undefined || typed <= 0) {
      lineMessages[index] = creditNoteMessages.quantity;
    } else if (typed > whole) {
      lineMessages[index] = creditNoteMessages.above(decimalForInput(line.quantity));
    } else {
      chosen.push(typed === whole ? { index } : { index, quantity: choice.quantity });
    }
  });
  const anyChosen = choices.some((choice) => choice.chosen);
  const listMessage = anyChosen ? undefined : creditNoteMessages.noLine;
  if (listMessage !== undefined || lineMessages.some((message) => message !== undefined)) {
    return { data: undefined, lineMessages, listMessage };
  }
  const parsed = invoiceCreditNoteInput.safeParse({ lines: chosen, reason });
  return { data: parsed.success ? parsed.data : undefined, lineMessages, listMessage };
}

/** The credited quantity of a chosen line as typed so far, or `undefined` when it is not counted. */
function countedQuantity(line: InvoiceLine, choice: CreditLineChoice | undefined): string | undefined {
  if (choice?.chosen !== true) return undefined;
  if (!partialAllowed(line)) return line.quantity;
  const typed = thousandths(choice.quantity);
  const whole = thousandths(line.quantity) ?? 0;
  return typed !== undefined && typed > 0 && typed <= whole ? choice.quantity : undefined;
}

/** The figures of the credit note being made: per chosen line its HT, then the totals (shared rule). */
export function creditNoteTotals(
  invoice: InvoiceFigureValues & { lines: readonly InvoiceLine[] },
  mode: CreditMode,
  choices: readonly CreditLineChoice[],
): { lineTotals: (string | undefined)[]; figures: InvoiceFigureValues } {
  if (mode === 'whole') {
    return {
      lineTotals: invoice.lines.map((line) => line.total),
      figures: {
        totalAmount: invoice.totalAmount,
        vatBreakdown: invoice.vatBreakdown,
        vatAmount: invoice.vatAmount,
        totalWithVat: invoice.totalWithVat,
      },
    };
  }
  const counted = invoice.lines.flatMap((line, index) => {
    const quantity = countedQuantity(line, choices[index]);
    // The issued line's rate is the one it was taxed at (0 % under reverse charge).
    return quantity === undefined
      ? []
      : [{ index, line: { quantity, unitPrice: line.unitPrice, vatRate: line.vatRate } }];
  });
  const totals = invoiceTotals({ lines: counted.map(({ line }) => line) });
  const lineTotals: (string | undefined)[] = invoice.lines.map(() => undefined);
  counted.forEach(({ index }, at) => {
    lineTotals[index] = totals.lines[at]?.total;
  });
  return {
    lineTotals,
    figures: {
      totalAmount: totals.totalAmount,
      vatBreakdown: totals.vatBreakdown,
      vatAmount: totals.vatAmount,
      totalWithVat: totals.totalWithVat,
    },
  };
}
