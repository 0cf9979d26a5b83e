import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { invoiceCreateInput, invoiceCreditNoteInput, invoicePayInput } from '@btp/shared/entities/invoice';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { creditNoteLinkKey, linkedCreditNoteIds } from '../data/credit-note-links.js';
import { createCreditNote } from '../invoicing/credit-notes.js';
import { createInvoice, deleteInvoice, payInvoice } from '../invoicing/invoice-service.js';
import { sendInvoice } from '../invoicing/invoice-sending.js';
import { db, tableName } from '../lib/dynamo.js';
import {
  companyWithClient,
  sortedFigures,
  standInDocumentsBucket,
  withInvoiceRangeQueries,
} from '../test-support/aggregates-harness.js';
import { figuresOf } from './figures.js';
import { rebuildAggregates, storedAggregates } from './rebuild.js';
import { figureRecordsOf } from './reference.js';

standInDocumentsBucket();
afterEach(() => vi.restoreAllMocks());

/** How many `Query` calls over every invoice of the company `run` made. */
const invoiceRangeQueries = async (run: () => Promise<unknown>) =>
  (await withInvoiceRangeQueries(run)).queries;

async function expectAggregatesRight(companyId: string) {
  expect(sortedFigures(await storedAggregates(companyId))).toEqual(
    sortedFigures(figuresOf(await figureRecordsOf(companyId))),
  );
}

describe('credit notes of an invoice, found by their links', () => {
  it('are checked and counted without reading every invoice, and the figures stay right', async () => {
    const { companyId, clientId } = await companyWithClient();
    // Other invoices of the company, which none of the reads below may go through.
    for (let index = 0; index < 3; index += 1) {
      await createInvoice(
        companyId,
        invoiceCreateInput.parse({ clientId, title: `Autre ${index}`, totalAmount: '10.00' }),
      );
    }
    const draft = await createInvoice(
      companyId,
      invoiceCreateInput.parse({ clientId, title: 'Travaux', totalAmount: '1000.00' }),
    );
    const invoice = await sendInvoice(companyId, draft.id, draft.version);
    const quarter = invoiceCreditNoteInput.parse({ lines: [{ index: 0, quantity: '0.25' }] });

    let issued = await createCreditNote(companyId, invoice.id, quarter);
    let pending = issued;
    expect(
      await invoiceRangeQueries(async () => {
        issued = await sendInvoice(companyId, issued.id, issued.version);
        pending = await createCreditNote(companyId, invoice.id, quarter);
        // 1,200 TTC: 300 credited, 300 in a draft note: 600 more is above what is left (600 less a cent).
        await expect(
          createCreditNote(
            companyId,
            invoice.id,
            invoiceCreditNoteInput.parse({ lines: [{ index: 0, quantity: '0.51' }] }),
          ),
        ).rejects.toMatchObject({ statusCode: 409 });
        await payInvoice(companyId, invoice.id, invoicePayInput.parse({ paidAmount: '100.00' }));
      }),
    ).toBe(0);
    expect((await linkedCreditNoteIds(companyId, invoice.id)).sort()).toEqual([issued.id, pending.id].sort());
    await expectAggregatesRight(companyId);

    // A deleted draft takes its link with it.
    await deleteInvoice(companyId, pending.id);
    expect(await linkedCreditNoteIds(companyId, invoice.id)).toEqual([issued.id]);

    // A note issued before the links existed (its link removed here): every invoice is read, the
    // figures stay right, and the rebuild writes the link.
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: creditNoteLinkKey(companyId, invoice.id, issued.id) }),
    );
    expect(
      await invoiceRangeQueries(() =>
        payInvoice(companyId, invoice.id, invoicePayInput.parse({ paidAmount: '200.00' })),
      ),
    ).toBeGreaterThan(0);
    await expectAggregatesRight(companyId);
    await expect(
      createCreditNote(
        companyId,
        invoice.id,
        invoiceCreditNoteInput.parse({ lines: [{ index: 0, quantity: '0.76' }] }),
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
    await rebuildAggregates(companyId);
    expect(await linkedCreditNoteIds(companyId, invoice.id)).toEqual([issued.id]);
  });
});
