import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { clientCreateInput } from '@btp/shared/entities/client';
import { invoiceCreateInput, invoiceCreditNoteInput, invoicePayInput } from '@btp/shared/entities/invoice';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testCompanyId } from '../../test/company.js';
import { creditNoteLinkKey, linkedCreditNoteIds } from '../data/credit-note-links.js';
import { clients } from '../data/entities/clients.js';
import { createCreditNote } from '../invoicing/credit-notes.js';
import { createInvoice, deleteInvoice, payInvoice } from '../invoicing/invoice-service.js';
import { sendInvoice } from '../invoicing/invoice-sending.js';
import { db, tableName } from '../lib/dynamo.js';
import { companyItem } from '../test-support/pdf-stores.js';
import { figuresOf, type Figures } from './figures.js';
import { rebuildAggregates, storedAggregates } from './rebuild.js';
import { figureRecordsOf } from './reference.js';

// Only S3 is a stand-in (the archived PDFs of issued invoices); DynamoDB is DynamoDB Local.
const s3 = mockClient(S3Client);
beforeAll(() => {
  s3.on(PutObjectCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
  process.env.DOCUMENTS_BUCKET ??= 'btp-test-documents';
});
afterAll(() => s3.restore());
afterEach(() => vi.restoreAllMocks());

const sorted = (figures: Figures) =>
  Object.fromEntries(
    [...figures]
      .filter(([, values]) => values.size > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([sk, values]) => [sk, Object.fromEntries([...values].sort(([a], [b]) => a.localeCompare(b)))]),
  );

/** The `Query` calls made while `run` runs that read the company's invoices (every one of them). */
async function invoiceRangeQueries(run: () => Promise<unknown>): Promise<number> {
  const send = vi.spyOn(db(), 'send');
  await run();
  const count = send.mock.calls.filter(([command]) => {
    const input = command.input as { ExpressionAttributeValues?: Record<string, unknown> };
    return (
      command.constructor.name === 'QueryCommand' &&
      input.ExpressionAttributeValues?.[':skFrom'] === 'INVOICE#'
    );
  }).length;
  send.mockRestore();
  return count;
}

async function expectAggregatesRight(companyId: string) {
  expect(sorted(await storedAggregates(companyId))).toEqual(
    sorted(figuresOf(await figureRecordsOf(companyId))),
  );
}

describe('credit notes of an invoice, found by their links', () => {
  it('are checked and counted without reading every invoice, and the figures stay right', async () => {
    const companyId = testCompanyId();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...companyItem, pk: `COMPANY#${companyId}`, id: companyId, slug: `entreprise-${companyId}` },
      }),
    );
    const client = await clients.create(
      companyId,
      clientCreateInput.parse({ name: 'Client Martin', email: 'martin@exemple.fr' }),
    );
    // Other invoices of the company, which none of the reads below may go through.
    for (let index = 0; index < 3; index += 1) {
      await createInvoice(
        companyId,
        invoiceCreateInput.parse({ clientId: client.id, title: `Autre ${index}`, totalAmount: '10.00' }),
      );
    }
    const draft = await createInvoice(
      companyId,
      invoiceCreateInput.parse({ clientId: client.id, title: 'Travaux', totalAmount: '1000.00' }),
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
