import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clientId,
  companyId,
  conditionFailedAt,
  mockedStores,
  recordItem,
} from '../test-support/pdf-stores.js';

// Read by the configuration on first use, before any module below asks for it.
vi.stubEnv('DOCUMENTS_BUCKET', 'documents-test');

const { sendInvoice } = await import('./invoice-sending.js');
const { yearInFrance } = await import('../data/counters.js');
const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');

const stores = mockedStores();
afterEach(() => stores.reset());
stores.reset();

const invoiceId = '0196f2c4-0000-7000-8000-0000000000b1';
const year = yearInFrance();
const counterSk = `COUNTER#INVOICE#${year}`;
const counter = (value: number) => ({ pk: `COMPANY#${companyId}`, sk: counterSk, value });

const draft = recordItem('INVOICE', invoiceId, {
  kind: 'standard',
  status: 'draft',
  clientId,
  title: 'Maçonnerie',
  lines: [{ description: 'Mur', quantity: '1.000', unitPrice: '100.00', vatRate: '20.00', total: '100.00' }],
  totalAmount: '100.00',
  vatBreakdown: [{ rate: '20.00', base: '100.00', amount: '20.00' }],
  vatAmount: '20.00',
  totalWithVat: '120.00',
  amountDue: '120.00',
  paidAmount: '0.00',
  creditedAmount: '0.00',
  reverseCharge: false,
});

const documentIdOf = (key: string | undefined) => key?.split('/').at(-1);

describe('sending an invoice archives its PDF', () => {
  it('drawn before the numbering transaction, listed in it with pdfDocumentId when the number is the one drawn', async () => {
    stores.items.set(`INVOICE#${invoiceId}`, draft);
    stores.items.set(counterSk, counter(4));
    const issued = await sendInvoice(companyId, invoiceId, 1);
    const number = `FAC-${year}-0005`;
    expect(issued).toMatchObject({ number, status: 'sent', version: 2 });
    const [key] = stores.puts();
    expect(key).toBe(`companies/${companyId}/documents/${issued.pdfDocumentId}`);
    const transactions = stores.transactions();
    expect(transactions).toHaveLength(1);
    const [items] = transactions;
    // Counter, invoice, number marker, the document, then the company aggregates it moves.
    expect(items?.map((item) => item.Put?.Item?.sk ?? item.Update?.Key?.sk)).toEqual([
      counterSk,
      `INVOICE#${invoiceId}`,
      expect.stringContaining('NUMBER#'),
      `DOCUMENT#${issued.pdfDocumentId}`,
      'AGG#TOTALS',
      expect.stringMatching(/^AGG#DUE#\d{4}-\d{2}-\d{2}$/),
      expect.stringMatching(new RegExp(`^AGG#DUEIDS#\\d{4}-\\d{2}-\\d{2}#${invoiceId}$`)),
    ]);
    expect(items?.[1]?.Put?.Item).toMatchObject({ number, pdfDocumentId: issued.pdfDocumentId });
    expect(items?.[3]?.Put?.Item).toMatchObject({
      name: `Facture ${number}.pdf`,
      type: 'invoice',
      invoiceId,
      clientId,
      path: key,
    });
    expect(stores.deletes()).toEqual([]);
  });

  it('when another document took the number drawn: issued without it, that PDF deleted, the archive made from the issued record', async () => {
    stores.items.set(`INVOICE#${invoiceId}`, draft);
    // Read 4 when the PDF is drawn (FAC-…-0005), 5 by the numbering transaction (FAC-…-0006).
    stores.items.set(counterSk, [counter(4), counter(5)]);
    const issued = await sendInvoice(companyId, invoiceId, 1);
    const number = `FAC-${year}-0006`;
    expect(issued).toMatchObject({ number, version: 3 });
    const [drawnFirst, drawnAfter] = stores.puts();
    expect(stores.deletes()).toEqual([drawnFirst]);
    expect(issued.pdfDocumentId).toBe(documentIdOf(drawnAfter));
    const [issue, archive] = stores.transactions();
    expect(issue?.map((item) => item.Put?.Item?.sk ?? item.Update?.Key?.sk)).toEqual([
      counterSk,
      `INVOICE#${invoiceId}`,
      expect.stringContaining('NUMBER#'),
      'AGG#TOTALS',
      expect.stringMatching(/^AGG#DUE#\d{4}-\d{2}-\d{2}$/),
      expect.stringMatching(new RegExp(`^AGG#DUEIDS#\\d{4}-\\d{2}-\\d{2}#${invoiceId}$`)),
    ]);
    expect(issue?.[1]?.Put?.Item?.pdfDocumentId).toBeUndefined();
    expect(archive?.[0]?.Put).toMatchObject({
      Item: { number, pdfDocumentId: issued.pdfDocumentId, version: 3 },
      ExpressionAttributeValues: { ':version': 2 },
    });
    expect(archive?.[1]?.Put?.Item).toMatchObject({ name: `Facture ${number}.pdf` });
  });

  it('the invoice stays issued when its archive cannot be made after it (made on the first request instead)', async () => {
    stores.items.set(`INVOICE#${invoiceId}`, draft);
    stores.items.set(counterSk, [counter(4), counter(5)]);
    stores.dynamo
      .on(TransactWriteCommand)
      .resolvesOnce({})
      .rejects(Object.assign(new Error('throttled'), { name: 'ThrottlingException' }));
    const issued = await sendInvoice(companyId, invoiceId, 1);
    expect(issued).toMatchObject({ number: `FAC-${year}-0006`, status: 'sent', version: 2 });
    expect(issued.pdfDocumentId).toBeUndefined();
    // Both PDFs drawn are deleted: nothing lists them.
    expect(stores.deletes().sort()).toEqual(stores.puts().sort());
  });

  it('not issued (the version changed at the last moment): nothing listed, the PDF drawn is deleted', async () => {
    stores.items.set(`INVOICE#${invoiceId}`, draft);
    stores.dynamo.on(TransactWriteCommand).rejects(conditionFailedAt(1, 4));
    await expect(sendInvoice(companyId, invoiceId, 1)).rejects.toMatchObject({
      statusCode: 409,
      message: 'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.',
    });
    expect(stores.puts()).toHaveLength(1);
    expect(stores.deletes()).toEqual(stores.puts());
  });

  it('refused before anything is drawn: a stale version, an incomplete profile', async () => {
    stores.items.set(`INVOICE#${invoiceId}`, draft);
    await expect(sendInvoice(companyId, invoiceId, 2)).rejects.toMatchObject({ statusCode: 409 });
    stores.items.set(`COMPANY`, { ...(stores.items.get('COMPANY') as object), siret: undefined });
    await expect(sendInvoice(companyId, invoiceId, 1)).rejects.toMatchObject({ statusCode: 409 });
    expect(stores.puts()).toEqual([]);
    expect(stores.transactions()).toEqual([]);
  });
});
