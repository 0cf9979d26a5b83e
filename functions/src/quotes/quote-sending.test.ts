import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clientId,
  companyId,
  conditionFailedAt,
  mockedStores,
  projectId,
  recordItem,
} from '../test-support/pdf-stores.js';

// Read by the configuration on first use, before any module below asks for it.
vi.stubEnv('DOCUMENTS_BUCKET', 'documents-test');

const { sendQuote } = await import('./quote-sending.js');

const stores = mockedStores();
afterEach(() => stores.reset());
stores.reset();

const quoteId = '0196f2c4-0000-7000-8000-0000000000a1';
const draft = recordItem('QUOTE', quoteId, {
  number: 'DEV-2026-0007',
  title: 'Rénovation',
  clientId,
  projectId,
  status: 'draft',
  overheadPercentage: '10.00',
  marginPercentage: '15.00',
  subtotalAmount: '0.00',
  overheadAmount: '0.00',
  marginAmount: '0.00',
  totalAmount: '0.00',
  vatBreakdown: [],
  vatAmount: '0.00',
  totalWithVat: '0.00',
  reverseCharge: false,
  items: [],
});

describe('sending a quote archives its PDF', () => {
  it('stored first, then sent with pdfDocumentId and listed as a document in one write', async () => {
    stores.items.set(`QUOTE#${quoteId}`, draft);
    const sent = await sendQuote(companyId, quoteId, 1);
    expect(sent).toMatchObject({ status: 'sent', version: 2 });
    const [key] = stores.puts();
    expect(key).toBe(`companies/${companyId}/documents/${sent.pdfDocumentId}`);
    const [items] = stores.transactions();
    expect(items?.map((item) => item.Put?.Item?.sk ?? item.Update?.Key?.sk)).toEqual([
      `QUOTE#${quoteId}`,
      `DOCUMENT#${sent.pdfDocumentId}`,
      // A quote sent counts among those awaiting an answer (company aggregates).
      'AGG#TOTALS',
    ]);
    expect(items?.[0]?.Put).toMatchObject({
      Item: { status: 'sent', pdfDocumentId: sent.pdfDocumentId },
      ExpressionAttributeValues: { ':version': 1 },
    });
    expect(items?.[1]?.Put?.Item).toMatchObject({
      name: 'Devis DEV-2026-0007.pdf',
      type: 'quote',
      quoteId,
      clientId,
      projectId,
      mimeType: 'application/pdf',
      path: key,
    });
    expect(stores.deletes()).toEqual([]);
  });

  it('not sent (another send won the write): the stored PDF is deleted, nothing listed', async () => {
    stores.items.set(`QUOTE#${quoteId}`, draft);
    stores.dynamo.on(TransactWriteCommand).rejects(conditionFailedAt(0, 2));
    await expect(sendQuote(companyId, quoteId, 1)).rejects.toMatchObject({ statusCode: 409 });
    expect(stores.puts()).toHaveLength(1);
    expect(stores.deletes()).toEqual(stores.puts());
  });

  it('refused before anything is drawn: not a draft, a stale version, its client gone', async () => {
    stores.items.set(`QUOTE#${quoteId}`, { ...draft, status: 'sent' });
    await expect(sendQuote(companyId, quoteId)).rejects.toMatchObject({ statusCode: 409 });
    stores.items.set(`QUOTE#${quoteId}`, draft);
    await expect(sendQuote(companyId, quoteId, 2)).rejects.toMatchObject({ statusCode: 409 });
    stores.items.delete(`CLIENT#${clientId}`);
    await expect(sendQuote(companyId, quoteId, 1)).rejects.toMatchObject({
      statusCode: 409,
      message: "Le client de ce devis n'existe plus : choisissez un de vos clients avant de l'envoyer.",
    });
    expect(stores.puts()).toEqual([]);
    expect(stores.transactions()).toEqual([]);
  });
});
