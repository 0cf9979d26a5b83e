import type { QuoteBilling, QuoteBillingInvoice } from '@btp/shared/entities/quote-billing';
import { invoiceKindLabels, labelOf } from '@btp/shared/enums';
import { parseMoney, parsePercent, PERCENT_SCALE, tryParseDecimal } from '@btp/shared/money';
import { percentText, situationProblemText, type SituationBasis } from '@btp/shared/situations';

/** How the percentages of a situation are given (DOCUMENTS.md § 4). */
export type SituationMode = 'lines' | 'all' | 'report';

export const NOTHING_BILLED = situationProblemText({ kind: 'nothing' });
export const PERCENT_REQUIRED = 'Indiquez le pourcentage cumulé';
export const PERCENT_INVALID =
  'Le pourcentage cumulé doit être un nombre positif, avec au plus deux décimales';
export const REPORT_REQUIRED = "Choisissez un état d'avancement signé";

/** A percent in hundredths as a French reader writes it: 3000 → "30 %", 3333 → "33,33 %". */
export { percentText };

/** A percent of the API ("75.00") as a French reader writes it: "75 %". */
export function apiPercentText(value: string): string {
  return percentText(parsePercent(value));
}

function rateAmounts(list: QuoteBilling['depositsByRate']) {
  return list.map((entry) => ({ rateHundredths: parsePercent(entry.rate), cents: parseMoney(entry.amount) }));
}

/**
 * What the next situation of the quote is computed from (`computeSituation`), as the billing answer
 * carries it: per line what issued situations reached, the deposits and what was deducted of them per
 * rate, the retention rate and what issued situations retained.
 */
export function situationBasisOf(billing: QuoteBilling): SituationBasis {
  return {
    lines: billing.lines.map((line) => ({
      itemId: line.itemId,
      description: line.description,
      unit: line.unit,
      saleTotalCents: parseMoney(line.saleTotal),
      rateHundredths: parsePercent(line.vatRate),
      previousAmountCents: parseMoney(line.cumulativeAmount),
      previousPercentHundredths: parsePercent(line.cumulativePercent),
    })),
    depositsByRate: rateAmounts(billing.depositsByRate),
    deductedBeforeByRate: rateAmounts(billing.deductedByRate),
    retentionRateHundredths: parsePercent(billing.retentionRate),
    retentionBeforeCents: parseMoney(billing.retentionHeld),
    noVat: billing.noVat,
  };
}

/** The French sentence of a problem of `situationProblems`, worded as the server's 409. */
export const problemText = situationProblemText;

/** A typed percent in hundredths, or the message saying why it is not one. */
export function typedPercent(value: string | null | undefined): { hundredths: number } | { message: string } {
  if (value === undefined || value === null || value.trim() === '') return { message: PERCENT_REQUIRED };
  const parsed = tryParseDecimal(value.replace(',', '.'), PERCENT_SCALE);
  if (!parsed.ok || parsed.units < 0) return { message: PERCENT_INVALID };
  return { hundredths: parsed.units };
}

/** "Acompte", "Situation n° 2", "Avoir", "Facture": how the billing view names an invoice of the quote. */
export function billingInvoiceLabel(invoice: Pick<QuoteBillingInvoice, 'kind' | 'situationIndex'>): string {
  switch (invoice.kind) {
    case 'deposit':
      return 'Acompte';
    case 'progress':
      return invoice.situationIndex === undefined ? 'Situation' : `Situation n° ${invoice.situationIndex}`;
    case 'credit_note':
      return 'Avoir';
    default:
      return labelOf(invoiceKindLabels, invoice.kind);
  }
}

/** The situations whose retention is held and not yet released (what "Libérer la retenue" releases). */
export function heldRetentions(billing: QuoteBilling): QuoteBillingInvoice[] {
  return billing.invoices.filter(
    (invoice) =>
      invoice.kind === 'progress' &&
      invoice.status !== 'draft' &&
      invoice.status !== 'cancelled' &&
      parseMoney(invoice.retentionAmount) > 0 &&
      invoice.retentionReleasedAt === undefined,
  );
}
