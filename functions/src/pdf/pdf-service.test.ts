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

const { invoicePdfUrl, quotePdfUrl } = await import('./pdf-service.js');
const { drawPdf } = await import('./pdf-archive.js');

const stores = mockedStores();
afterEach(() => stores.reset());
stores.reset();

const quoteId = '0196f2c4-0000-7000-8000-0000000000a1';
const invoiceId = '0196f2c4-0000-7000-8000-0000000000b1';
const archiveId = '0196f2c4-0000-7000-8000-0000000000d1';

const draftQuote = recordItem('QUOTE', quoteId, {
  number: 'DEV-2026-0007',
  title: 'Rénovation',
  clientId,
  projectId,
  status: 'draft',
  overheadPercentage: '10.00',
  marginPercentage: '15.00',
  subtotalAmount: '100.00',
  overheadAmount: '10.00',
  marginAmount: '16.50',
  totalAmount: '126.50',
  vatBreakdown: [{ rate: '20.00', base: '126.50', amount: '25.30' }],
  vatAmount: '25.30',
  totalWithVat: '151.80',
  reverseCharge: false,
  items: [],
});

/** An invoice issued before archives existed: number, snapshots, no `pdfDocumentId`. */
const issuedInvoice = recordItem('INVOICE', invoiceId, {
  kind: 'standard',
  status: 'sent',
  number: 'FAC-2026-0003',
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
  issueDate: '2026-05-04',
  sentAt: '2026-05-04T09:00:00.000Z',
  seller: { name: 'Bâtisseurs Réunis', siret: '73282932000074' },
  buyer: { name: 'SCI Les Tilleuls', kind: 'company' },
});

const dispositionOf = (url: string) => new URL(url).searchParams.get('response-content-disposition');

describe('a draft’s PDF', () => {
  it('is drawn and stored under a new key of previews/<company>/, presigned 5 minutes as asked, never listed', async () => {
    stores.items.set(`QUOTE#${quoteId}`, draftQuote);
    const { url } = await quotePdfUrl(companyId, quoteId, 'inline');
    const [key] = stores.puts();
    expect(key).toMatch(new RegExp(`^previews/${companyId}/[0-9a-f-]{36}\\.pdf$`));
    const put = stores.s3.objects.get(key ?? '');
    expect(put?.contentType).toBe('application/pdf');
    expect(put?.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(new URL(url).pathname).toBe(`/${key}`);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('300');
    expect(dispositionOf(url)).toBe(
      `inline; filename="Devis DEV-2026-0007 (brouillon).pdf"; filename*=UTF-8''Devis%20DEV-2026-0007%20%28brouillon%29.pdf`,
    );
    expect(stores.transactions()).toEqual([]);

    await quotePdfUrl(companyId, quoteId, 'attachment');
    expect(stores.puts()).toHaveLength(2);
    expect(stores.puts()[1]).not.toBe(key);
  });

  it('is refused (409) when its client no longer exists', async () => {
    stores.items.set(`QUOTE#${quoteId}`, draftQuote);
    stores.items.delete(`CLIENT#${clientId}`);
    await expect(quotePdfUrl(companyId, quoteId, 'attachment')).rejects.toMatchObject({ statusCode: 409 });
    expect(stores.puts()).toEqual([]);
  });
});

describe('an issued document’s PDF', () => {
  it('is the archive, presigned under its name, never drawn again', async () => {
    stores.items.set(`INVOICE#${invoiceId}`, { ...issuedInvoice, pdfDocumentId: archiveId });
    const { url } = await invoicePdfUrl(companyId, invoiceId, 'attachment');
    expect(new URL(url).pathname).toBe(`/companies/${companyId}/documents/${archiveId}`);
    expect(dispositionOf(url)).toBe(
      `attachment; filename="Facture FAC-2026-0003.pdf"; filename*=UTF-8''Facture%20FAC-2026-0003.pdf`,
    );
    expect(stores.puts()).toEqual([]);
    expect(stores.transactions()).toEqual([]);
  });

  it('of an invoice issued before archives existed is made once: stored, then listed with pdfDocumentId in one transaction', async () => {
    stores.items.set(`INVOICE#${invoiceId}`, issuedInvoice);
    const { url } = await invoicePdfUrl(companyId, invoiceId, 'attachment');
    const [key] = stores.puts();
    const documentId = key?.split('/').at(-1) as string;
    expect(key).toBe(`companies/${companyId}/documents/${documentId}`);
    expect(new URL(url).pathname).toBe(`/${key}`);
    const [items] = stores.transactions();
    expect(items).toHaveLength(2);
    expect(items?.[0]?.Put).toMatchObject({
      Item: { sk: `INVOICE#${invoiceId}`, status: 'sent', pdfDocumentId: documentId, version: 2 },
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': 1 },
    });
    expect(items?.[1]?.Put).toMatchObject({
      Item: {
        sk: `DOCUMENT#${documentId}`,
        id: documentId,
        name: 'Facture FAC-2026-0003.pdf',
        originalName: 'Facture FAC-2026-0003.pdf',
        type: 'invoice',
        invoiceId,
        clientId,
        mimeType: 'application/pdf',
        path: key,
        tags: [],
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(stores.deletes()).toEqual([]);
  });

  it('made by a concurrent request first: ours is deleted and theirs presigned', async () => {
    stores.items.set(`INVOICE#${invoiceId}`, [
      issuedInvoice,
      { ...issuedInvoice, version: 2, pdfDocumentId: archiveId },
    ]);
    stores.dynamo.on(TransactWriteCommand).rejects(conditionFailedAt(0, 2));
    const { url } = await invoicePdfUrl(companyId, invoiceId, 'inline');
    expect(new URL(url).pathname).toBe(`/companies/${companyId}/documents/${archiveId}`);
    expect(stores.deletes()).toEqual(stores.puts());
    expect(stores.transactions()).toHaveLength(1);
  });

  it('is written again on the new version when the invoice changed otherwise (a payment), drawn once', async () => {
    const paid = { ...issuedInvoice, version: 2, status: 'paid', paidAmount: '120.00' };
    stores.items.set(`INVOICE#${invoiceId}`, [issuedInvoice, paid]);
    stores.dynamo.on(TransactWriteCommand).rejectsOnce(conditionFailedAt(0, 2)).resolves({});
    await invoicePdfUrl(companyId, invoiceId, 'attachment');
    const transactions = stores.transactions();
    expect(transactions).toHaveLength(2);
    // The record keeps what happened since; only the archive is added.
    expect(transactions[1]?.[0]?.Put).toMatchObject({
      Item: { status: 'paid', paidAmount: '120.00', version: 3 },
      ExpressionAttributeValues: { ':version': 2 },
    });
    expect(stores.puts()).toHaveLength(1);
    expect(stores.deletes()).toEqual([]);
  });

  it('of another company’s (or an unknown) id is not found: 404, nothing drawn', async () => {
    await expect(invoicePdfUrl(companyId, invoiceId, 'attachment')).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(quotePdfUrl(companyId, quoteId, 'attachment')).rejects.toMatchObject({ statusCode: 404 });
    expect(stores.puts()).toEqual([]);
  });
});

describe('drawPdf', () => {
  it('draws again without the logo when the logo is what fails', async () => {
    const render = vi.fn(async (input: { logo?: unknown }) => {
      if (input.logo) throw new Error('Unknown image format.');
      return Buffer.from('%PDF-');
    });
    const logo = { bytes: new Uint8Array([1]), contentType: 'image/png' as const };
    expect((await drawPdf(render, { logo, name: 'x' })).toString()).toBe('%PDF-');
    expect(render).toHaveBeenLastCalledWith({ name: 'x' });
  });

  it('lets any other failure through', async () => {
    const render = vi.fn(async () => {
      throw new Error('broken');
    });
    await expect(drawPdf(render, {})).rejects.toThrow('broken');
    expect(render).toHaveBeenCalledTimes(1);
  });
});
