/**
 * What an accepted quote has been invoiced (DOCUMENTS.md § 3), from the company's invoices: its
 * deposits (factures d'acompte) net of the credit notes that cancel them, whether a deposit is
 * still a draft, and whether the quote was invoiced in full. Pure: the service reads the records.
 *
 * - a deposit counts unless it is cancelled (fully credited), drafts included, for what it
 *   invoiced HT per VAT rate less what issued credit notes of it took back;
 * - the quote is invoiced in full once a standard invoice of it exists that is not cancelled
 *   (draft or issued), or once its deposits cover its whole HT.
 */
import type { Invoice } from '@btp/shared/entities/invoice';
import type { Quote, QuoteItem } from '@btp/shared/entities/quote';
import { resourceTypeLabels, type VatRate } from '@btp/shared/enums';
import { formatMoney, formatPercent, parseMoney, parsePercent, sumCents } from '@btp/shared/money';
import { depositByRate } from '@btp/shared/vat';
import type { LineToPrice } from '@btp/shared/invoice-lines';
import { percentLabel } from '@btp/shared/invoice-lines';

/** What the rules read of an invoice of the company. */
export type BillingInvoice = Pick<
  Invoice,
  'id' | 'kind' | 'status' | 'number' | 'quoteId' | 'creditedInvoiceId' | 'totalAmount' | 'vatBreakdown'
>;

/** A rate's HT, in integers. */
export interface RateBase {
  rateHundredths: number;
  baseCents: number;
}

/** HT per rate of a document's breakdown. */
function basesOf(invoice: Pick<Invoice, 'vatBreakdown'>): Map<number, number> {
  const bases = new Map<number, number>();
  // Records made before VAT existed have no breakdown (none is a deposit or a credit note).
  for (const entry of (invoice.vatBreakdown as Invoice['vatBreakdown'] | undefined) ?? []) {
    const rate = parsePercent(entry.rate);
    bases.set(rate, sumCents([bases.get(rate) ?? 0, parseMoney(entry.base)]));
  }
  return bases;
}

/** One deposit of a quote: what it still invoices HT per rate once its credit notes are taken off. */
export interface DepositState {
  invoice: BillingInvoice;
  /** Highest rate first; rates whose net is 0 are left out. */
  netByRate: RateBase[];
  netCents: number;
}

export interface QuoteBillingState {
  /** Deposits that are not cancelled, drafts included, oldest first as listed. */
  deposits: DepositState[];
  /** Σ of their net HT. */
  depositsCents: number;
  /** A deposit of the quote that is still a draft. */
  draftDeposit?: BillingInvoice;
  /** A standard invoice of the quote that is not cancelled (the quote is invoiced in full). */
  standardInvoice?: BillingInvoice;
}

/**
 * The billing state of a quote from the company's invoices (any order).
 * @param exceptId an invoice left out (the draft deposit being edited)
 */
export function quoteBillingState(
  quoteId: string,
  invoices: readonly BillingInvoice[],
  exceptId?: string,
): QuoteBillingState {
  const creditNotes = invoices.filter(
    (invoice) => invoice.kind === 'credit_note' && invoice.number !== undefined && invoice.status !== 'draft',
  );
  const ofQuote = invoices.filter(
    (invoice) => invoice.quoteId === quoteId && invoice.id !== exceptId && invoice.status !== 'cancelled',
  );
  const deposits = ofQuote
    .filter((invoice) => invoice.kind === 'deposit')
    .map((invoice): DepositState => {
      const net = basesOf(invoice);
      for (const note of creditNotes.filter((credit) => credit.creditedInvoiceId === invoice.id)) {
        for (const [rate, base] of basesOf(note)) net.set(rate, (net.get(rate) ?? 0) - base);
      }
      const netByRate = [...net.entries()]
        .filter(([, base]) => base > 0)
        .sort(([a], [b]) => b - a)
        .map(([rateHundredths, baseCents]) => ({ rateHundredths, baseCents }));
      return { invoice, netByRate, netCents: sumCents(netByRate.map((entry) => entry.baseCents)) };
    });
  return {
    deposits,
    depositsCents: sumCents(deposits.map((deposit) => deposit.netCents)),
    draftDeposit: deposits.find((deposit) => deposit.invoice.status === 'draft')?.invoice,
    standardInvoice: ofQuote.find((invoice) => (invoice.kind ?? 'standard') === 'standard'),
  };
}

/** The quote's HT per rate (its breakdown), highest rate first. */
export function quoteBases(quote: Pick<Quote, 'vatBreakdown'>): RateBase[] {
  return [...basesOf(quote).entries()]
    .sort(([a], [b]) => b - a)
    .map(([rateHundredths, baseCents]) => ({ rateHundredths, baseCents }));
}

/**
 * The lines of a deposit: one per VAT rate of the quote, its HT from `depositByRate` (a percentage
 * of each rate's base, or an amount HT split in proportion to them); rates whose share is 0 are
 * left out. "Acompte de 30 % sur le devis DEV-2026-0001" / "Acompte sur le devis DEV-2026-0001".
 */
export function depositLines(
  quote: Pick<Quote, 'number' | 'vatBreakdown'>,
  deposit: { percentageHundredths: number } | { amountCents: number },
): LineToPrice[] {
  const description =
    'percentageHundredths' in deposit
      ? `Acompte de ${percentLabel(deposit.percentageHundredths)} sur le devis ${quote.number}`
      : `Acompte sur le devis ${quote.number}`;
  return depositByRate(quoteBases(quote), deposit)
    .filter((entry) => entry.baseCents > 0)
    .map((entry) => ({
      description,
      quantity: '1.000',
      unitPrice: formatMoney(entry.baseCents),
      vatRate: formatPercent(entry.rateHundredths) as VatRate,
    }));
}

/**
 * The lines of the invoice of a whole quote: every line at its selling price (its description,
 * else its resource type's French label; unit, quantity, `saleUnitPrice`, the rate it is taxed
 * at), then, per issued deposit and rate, the deposit deducted (quantity −1, its net HT), so the
 * client never pays a deposit twice.
 */
export function standardLines(
  items: readonly QuoteItem[],
  deposits: readonly DepositState[],
): { lines: LineToPrice[]; depositDeductionCents: number } {
  const lines: LineToPrice[] = items.map((item) => ({
    description: item.description?.trim() ? item.description : resourceTypeLabels[item.resourceType],
    ...(item.unit ? { unit: item.unit } : {}),
    quantity: item.quantity,
    unitPrice: item.saleUnitPrice,
    vatRate: item.vatRate,
    ...(item.section ? { section: item.section } : {}),
  }));
  let depositDeductionCents = 0;
  for (const deposit of deposits) {
    for (const entry of deposit.netByRate) {
      lines.push({
        description: `Déduction de l'acompte ${deposit.invoice.number ?? ''}`.trim(),
        quantity: '-1.000',
        unitPrice: formatMoney(entry.baseCents),
        vatRate: formatPercent(entry.rateHundredths) as VatRate,
      });
      depositDeductionCents += entry.baseCents;
    }
  }
  return { lines, depositDeductionCents };
}
