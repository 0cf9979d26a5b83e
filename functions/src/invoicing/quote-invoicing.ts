/**
 * Invoicing an accepted quote (`POST /api/quotes/{id}/invoices`, DOCUMENTS.md § 3): the whole of it
 * (`standard`, every line at its selling price, issued deposits deducted) or a deposit (facture
 * d'acompte) split across its VAT rates. What remains to invoice is read from the quote's invoices
 * (`invoicesOfQuote`, `quote-billing.ts`) under the quote's billing lock, so two writes made on the
 * same reading never both pass the check.
 */
import type { Invoice, InvoiceWithRefs } from '@btp/shared/entities/invoice';
import type { QuoteInvoiceData } from '@btp/shared/entities/quote';
import { quoteStatusLabels } from '@btp/shared/enums';
import { formatEuro, formatMoney, parseMoney, parsePercent, sumCents } from '@btp/shared/money';
import type { Fields } from '../data/entity-repository.js';
import { createDraftInvoice, invoicesOfQuote } from '../data/entities/invoices.js';
import { quoteAsRead, quotes } from '../data/entities/quotes.js';
import { conflict, HttpError } from '../lib/http-errors.js';
import { withBillingLock } from './billing-lock.js';
import { pricedInvoice } from '@btp/shared/invoice-lines';
import { presentInvoice } from './present.js';
import { readPricingContext } from './issuer.js';
import { depositLines, quoteBillingState, standardLines, type BillingInvoice } from './quote-billing.js';

export const quoteInvoicingMessages = {
  notValidated: (status: keyof typeof quoteStatusLabels) =>
    `Seul un devis validé (accepté par le client) peut être facturé : ce devis est « ${quoteStatusLabels[status]} ».`,
  invoicedInFull: (number: string | undefined) =>
    number
      ? `Ce devis est déjà facturé en totalité (facture ${number}).`
      : 'Ce devis est déjà facturé en totalité (une facture en brouillon) : envoyez-la ou supprimez-la.',
  draftDeposit:
    "Une facture d'acompte de ce devis est encore en brouillon : envoyez-la ou supprimez-la avant de facturer le devis en totalité.",
  noLines: "Ce devis n'a aucune ligne à facturer.",
  coveredByDeposits:
    'Les acomptes de ce devis couvrent déjà tout son montant HT : il ne reste rien à facturer.',
  depositZero: "L'acompte doit être supérieur à 0,00 € HT.",
  billedBySituations: (kind: 'standard' | 'deposit') =>
    kind === 'deposit'
      ? 'Ce devis est déjà facturé par situations de travaux : un acompte se facture avant la première situation.'
      : "Ce devis est facturé par situations de travaux : c'est la situation à 100 % qui solde le marché, pas une facture du devis entier.",
  depositAboveRemaining: (deposit: number, remaining: number, number: string) =>
    `L'acompte (${formatEuro(deposit)} HT) dépasse ce qui reste à facturer sur le devis ${number} (${formatEuro(remaining)} HT).`,
} as const;

/** What the billing rules read of the invoices of a quote. */
const billingAttributes = [
  'kind',
  'status',
  'number',
  'quoteId',
  'creditedInvoiceId',
  'totalAmount',
  'vatBreakdown',
] as const satisfies readonly (keyof Invoice)[];

/** The invoices of a quote (and the credit notes of those, which carry its id), as the rules read them. */
function billingInvoices(companyId: string, quoteId: string): Promise<BillingInvoice[]> {
  return invoicesOfQuote(companyId, quoteId, billingAttributes);
}

/**
 * Refuses (409 with a `details` entry on `path`) a deposit of `depositHt` on a quote that is
 * invoiced in full or whose other deposits (not cancelled, drafts included, net of their credit
 * notes) leave less than it.
 */
export async function checkDepositFits(
  companyId: string,
  quoteId: string,
  depositHt: string,
  exceptId?: string,
  path = 'lines',
): Promise<void> {
  const [stored, all] = await Promise.all([
    quotes.getOrThrow(companyId, quoteId),
    billingInvoices(companyId, quoteId),
  ]);
  const quote = quoteAsRead(stored);
  const state = quoteBillingState(quote.id, all, exceptId);
  if (state.standardInvoice)
    throw conflict(quoteInvoicingMessages.invoicedInFull(state.standardInvoice.number));
  const depositCents = parseMoney(depositHt);
  const remainingCents = parseMoney(quote.totalAmount) - state.depositsCents;
  if (depositCents <= 0) {
    throw new HttpError(409, 'conflict', quoteInvoicingMessages.depositZero, [
      { path, message: quoteInvoicingMessages.depositZero },
    ]);
  }
  if (depositCents > remainingCents) {
    const message = quoteInvoicingMessages.depositAboveRemaining(
      depositCents,
      Math.max(0, remainingCents),
      quote.number,
    );
    throw new HttpError(409, 'conflict', message, [{ path, message }]);
  }
}

/** An invoice title naming the quote, within the 2,000 characters of a text field. */
function titleNaming(prefix: string, quote: { number: string; title: string }): string {
  return `${prefix} ${quote.number} – ${quote.title}`.slice(0, 2000);
}

/**
 * `POST /api/quotes/{id}/invoices`: a draft invoice of a validated quote (409 otherwise).
 * - `standard`: every line of the quote at its selling price, then the issued deposits deducted
 *   (one line per deposit and rate, quantity −1; `depositDeduction` their HT); without deposits
 *   its totals equal the quote's to the cent. Refused while a deposit is a draft, once the quote is
 *   invoiced in full, or when its deposits already cover it.
 * - `deposit`: one line per VAT rate of the quote, HT from `depositByRate`; refused above what
 *   remains of the quote's HT after its other deposits, or once it is invoiced in full.
 * Client, project, `quoteId` and `reverseCharge` are the quote's; nothing is written on a refusal.
 */
export function invoiceQuote(
  companyId: string,
  quoteId: string,
  body: QuoteInvoiceData,
): Promise<InvoiceWithRefs> {
  return withBillingLock(companyId, 'QUOTE', quoteId, async (lock) => {
    const [stored, all, context] = await Promise.all([
      quotes.getOrThrow(companyId, quoteId),
      billingInvoices(companyId, quoteId),
      readPricingContext(companyId),
    ]);
    const quote = quoteAsRead(stored);
    if (quote.status !== 'validated') throw conflict(quoteInvoicingMessages.notValidated(quote.status));
    const state = quoteBillingState(quote.id, all);
    if (state.standardInvoice) {
      throw conflict(quoteInvoicingMessages.invoicedInFull(state.standardInvoice.number));
    }
    if (
      all.some(
        (invoice) =>
          invoice.quoteId === quote.id && invoice.kind === 'progress' && invoice.status !== 'cancelled',
      )
    ) {
      throw conflict(quoteInvoicingMessages.billedBySituations(body.kind));
    }
    const pricing = {
      noVat: quote.reverseCharge || context.franchise,
      defaultVatRate: context.defaultVatRate,
    };
    const common = {
      clientId: quote.clientId,
      ...(quote.projectId ? { projectId: quote.projectId } : {}),
      quoteId: quote.id,
      reverseCharge: quote.reverseCharge,
      status: 'draft',
      paidAmount: '0.00',
      creditedAmount: '0.00',
    } as const;

    let fields: Fields<Invoice>;
    if (body.kind === 'standard') {
      if (state.draftDeposit) throw conflict(quoteInvoicingMessages.draftDeposit);
      const items = quote.items ?? [];
      if (items.length === 0) throw conflict(quoteInvoicingMessages.noLines);
      if (state.depositsCents > 0 && state.depositsCents >= parseMoney(quote.totalAmount)) {
        throw conflict(quoteInvoicingMessages.coveredByDeposits);
      }
      const { lines, depositDeductionCents } = standardLines(items, state.deposits);
      fields = {
        ...common,
        kind: 'standard',
        title: titleNaming('Facture du devis', quote),
        ...pricedInvoice(lines, pricing),
        // The devis' lots, so the invoice prints its lines under them (docs/library.md).
        ...((quote.sections ?? []).length > 0
          ? { sections: (quote.sections ?? []).map(({ section, title }) => ({ section, title })) }
          : {}),
        ...(depositDeductionCents > 0 ? { depositDeduction: formatMoney(depositDeductionCents) } : {}),
      } as Fields<Invoice>;
    } else {
      const path = body.percentage !== undefined ? 'percentage' : 'amount';
      const lines = depositLines(
        quote,
        body.percentage !== undefined
          ? { percentageHundredths: parsePercent(body.percentage) }
          : { amountCents: parseMoney(body.amount ?? '0') },
      );
      const depositCents = sumCents(lines.map((line) => parseMoney(line.unitPrice)));
      const remainingCents = parseMoney(quote.totalAmount) - state.depositsCents;
      if (depositCents <= 0) {
        throw new HttpError(409, 'conflict', quoteInvoicingMessages.depositZero, [
          { path, message: quoteInvoicingMessages.depositZero },
        ]);
      }
      if (depositCents > remainingCents) {
        const message = quoteInvoicingMessages.depositAboveRemaining(
          depositCents,
          Math.max(0, remainingCents),
          quote.number,
        );
        throw new HttpError(409, 'conflict', message, [{ path, message }]);
      }
      fields = {
        ...common,
        kind: 'deposit',
        title: titleNaming('Acompte sur le devis', quote),
        ...pricedInvoice(lines, pricing),
      } as Fields<Invoice>;
    }
    return presentInvoice(companyId, await createDraftInvoice(companyId, fields, lock));
  });
}
