import type { Invoice } from '@btp/shared/entities/invoice';
import { invoiceCreateInput, invoiceUpdateInput } from '@btp/shared/entities/invoice';
import { quoteAcceptInput, quoteCreateInput } from '@btp/shared/entities/quote';
import { describe, expect, it } from 'vitest';
import { pricedInvoice } from '@btp/shared/invoice-lines';
import type { Fields } from '../data/entity-repository.js';
import { createDraftInvoice, invoicesOfQuote } from '../data/entities/invoices.js';
import { acceptQuote, createQuote } from '../quotes/quote-service.js';
import { sendQuote } from '../quotes/quote-sending.js';
import { companyWithClient, standInDocumentsBucket } from '../test-support/aggregates-harness.js';
import { withBillingLock } from './billing-lock.js';
import { createInvoice, updateInvoice } from './invoice-service.js';
import { checkDepositFits, quoteInvoicingMessages } from './quote-invoicing.js';

standInDocumentsBucket();

/** A quote of 1,000.00 HT, sent, then accepted by the client. */
async function acceptedQuote(companyId: string, clientId: string) {
  const draft = await createQuote(
    companyId,
    quoteCreateInput.parse({
      title: 'Rénovation',
      clientId,
      items: [{ resourceType: 'labor', description: 'Pose', unit: 'h', quantity: '20', unitPrice: '50.00' }],
    }),
  );
  const sent = await sendQuote(companyId, draft.id, draft.version);
  return acceptQuote(companyId, sent.id, quoteAcceptInput.parse({ signerName: 'M. Martin' }));
}

/**
 * A deposit of 100.00 HT on the quote, as `POST /api/quotes/{id}/invoices` writes it: its check and
 * its write under the quote's billing lock, with `meanwhile` run between the two on the first try
 * (another user's request landing in that gap). Answers how many tries it took, or the refusal.
 */
async function depositWith(
  companyId: string,
  clientId: string,
  quoteId: string,
  meanwhile: () => Promise<unknown>,
) {
  let tries = 0;
  try {
    await withBillingLock(companyId, 'QUOTE', quoteId, async (lock) => {
      tries += 1;
      await checkDepositFits(companyId, quoteId, '100.00');
      if (tries === 1) await meanwhile();
      return createDraftInvoice(
        companyId,
        {
          clientId,
          quoteId,
          title: 'Acompte',
          kind: 'deposit',
          status: 'draft',
          paidAmount: '0.00',
          creditedAmount: '0.00',
          ...pricedInvoice(
            [{ description: 'Acompte', quantity: '1', unitPrice: '100.00', vatRate: '20.00' }],
            {
              noVat: false,
              defaultVatRate: '20.00',
            },
          ),
        } as Fields<Invoice>,
        lock,
      );
    });
    return { tries, outcome: 'written' };
  } catch (error) {
    return { tries, outcome: (error as Error).message };
  }
}

describe("the quote's billing lock", () => {
  it('is taken by POST /api/invoices naming the quote: a deposit checked before it is checked again, and refused', async () => {
    const { companyId, clientId } = await companyWithClient();
    const quote = await acceptedQuote(companyId, clientId);

    const deposit = await depositWith(companyId, clientId, quote.id, () =>
      createInvoice(
        companyId,
        invoiceCreateInput.parse({
          clientId,
          quoteId: quote.id,
          title: 'Facture du devis',
          totalAmount: '1000.00',
        }),
      ),
    );

    expect(deposit).toEqual({ tries: 2, outcome: quoteInvoicingMessages.invoicedInFull(undefined) });
    const billed = await invoicesOfQuote(companyId, quote.id, ['kind']);
    expect(billed.map((invoice) => invoice.kind)).toEqual(['standard']);
  });

  it('is taken by PUT /api/invoices/{id} giving a draft the quote', async () => {
    const { companyId, clientId } = await companyWithClient();
    const quote = await acceptedQuote(companyId, clientId);
    const draft = await createInvoice(
      companyId,
      invoiceCreateInput.parse({ clientId, title: 'Facture', totalAmount: '1000.00' }),
    );

    const deposit = await depositWith(companyId, clientId, quote.id, () =>
      updateInvoice(
        companyId,
        draft.id,
        invoiceUpdateInput.parse({
          clientId,
          quoteId: quote.id,
          title: 'Facture du devis',
          version: draft.version,
        }),
      ),
    );

    expect(deposit).toEqual({ tries: 2, outcome: quoteInvoicingMessages.invoicedInFull(undefined) });
    const billed = await invoicesOfQuote(companyId, quote.id, ['kind']);
    expect(billed.map((invoice) => invoice.kind)).toEqual(['standard']);
  });
});
