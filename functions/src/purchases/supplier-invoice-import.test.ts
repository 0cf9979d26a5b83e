import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../lib/http-errors.js';
import { memoryBucket } from '../test-support/memory-bucket.js';
import { importFileRequest } from '../test-support/api-event.js';
import { ciiInvoiceXml, xxeInvoice } from '../einvoicing/import/testing/samples.js';

// Read by the configuration on first use, before any module below asks for it.
vi.stubEnv('DOCUMENTS_BUCKET', 'documents-test');

const { importSupplierInvoice } = await import('./supplier-invoice-import.js');

const dynamo = mockClient(DynamoDBDocumentClient);
const bucket = memoryBucket();
bucket.install();
const companyId = '0196f2c4-0000-7000-8000-000000000001';

beforeEach(() => {
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(GetCommand).resolves({});
});
afterEach(() => {
  dynamo.reset();
  bucket.reset();
});

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

describe('importSupplierInvoice: nothing half-written', () => {
  it('deletes the stored file again when the transaction fails (throttled: 503)', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejects(Object.assign(new Error('slow down'), { name: 'ThrottlingException' }));
    const error = await failure(importSupplierInvoice(companyId, await importFileRequest(ciiInvoiceXml())));
    expect(error.statusCode).toBe(503);
    const [key] = bucket.keys('PutObject');
    expect(key).toMatch(new RegExp(`^companies/${companyId}/documents/`));
    expect(bucket.keys('DeleteObject')).toEqual([key]);
    expect(bucket.objects.size).toBe(0);
  });

  it('writes the supplier, the invoice, the document and the reference marker in the transaction of the number', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const answer = await importSupplierInvoice(companyId, await importFileRequest(ciiInvoiceXml()));
    const [write] = dynamo.commandCalls(TransactWriteCommand);
    const items = write?.args[0].input.TransactItems ?? [];
    const keys = items.map((item) => String(item.Put?.Item?.sk ?? item.Update?.Key?.sk ?? ''));
    expect(keys).toEqual([
      expect.stringMatching(/^COUNTER#SUPPLIER_INVOICE#/),
      `SUPPLIER#${answer.supplierInvoice.supplierId}`,
      'UNIQUE#SUPPLIER_NAME#matériaux dupont & fils',
      `SUPPLIER_INVOICE#${answer.supplierInvoice.id}`,
      expect.stringMatching(/^UNIQUE#SUPPLIER_INVOICE_NUMBER#ff-/),
      `UNIQUE#SUPPLIER_INVOICE_SUPPLIER_REFERENCE#${answer.supplierInvoice.supplierId} fa-2026-00412`,
      `DOCUMENT#${answer.document.id}`,
      // What the company owes its suppliers (and this one), in its aggregates.
      'AGG#TOTALS',
      `AGG#SUPPLIER#${answer.supplierInvoice.supplierId}`,
    ]);
    expect(bucket.keys('DeleteObject')).toHaveLength(0);
  });

  it('stamps a supplier it matched once, where the check on it stood; its deletion meanwhile is a 409', async () => {
    const supplierId = '0196f2c4-0000-7000-8000-0000000000aa';
    dynamo.on(QueryCommand).resolves({
      Items: [
        {
          pk: `COMPANY#${companyId}`,
          sk: `SUPPLIER#${supplierId}`,
          id: supplierId,
          name: 'Matériaux Dupont & Fils',
        },
      ],
    });
    dynamo.on(TransactWriteCommand).resolves({});
    const answer = await importSupplierInvoice(companyId, await importFileRequest(ciiInvoiceXml()));
    expect(answer.supplierCreated).toBe(false);
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    // The supplier is written once only (a transaction cannot name an item twice): the stamp.
    expect(items.filter((item) => JSON.stringify(item).includes(`"SUPPLIER#${supplierId}"`))).toHaveLength(1);
    expect(items[1]?.Update).toMatchObject({
      Key: { sk: `SUPPLIER#${supplierId}` },
      ConditionExpression: 'attribute_exists(pk)',
    });
    expect(items.map((item) => String(item.Put?.Item?.sk ?? item.Update?.Key?.sk ?? ''))).toEqual([
      expect.stringMatching(/^COUNTER#SUPPLIER_INVOICE#/),
      `SUPPLIER#${supplierId}`,
      `SUPPLIER_INVOICE#${answer.supplierInvoice.id}`,
      expect.stringMatching(/^UNIQUE#SUPPLIER_INVOICE_NUMBER#ff-/),
      `UNIQUE#SUPPLIER_INVOICE_SUPPLIER_REFERENCE#${supplierId} fa-2026-00412`,
      `DOCUMENT#${answer.document.id}`,
      'AGG#TOTALS',
      `AGG#SUPPLIER#${supplierId}`,
    ]);

    dynamo.on(TransactWriteCommand).rejects(
      Object.assign(new Error('cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: [
          { Code: 'None' },
          { Code: 'ConditionalCheckFailed' },
          ...items.slice(2).map(() => ({ Code: 'None' })),
        ],
      }),
    );
    const gone = await failure(importSupplierInvoice(companyId, await importFileRequest(ciiInvoiceXml())));
    expect(gone.statusCode).toBe(409);
    expect(gone.message).toBe(
      "Le fournisseur de cette facture a été supprimé entre-temps : recommencez l'import.",
    );
  });

  it('stores nothing and writes nothing for a refused file', async () => {
    const error = await failure(importSupplierInvoice(companyId, await importFileRequest(xxeInvoice())));
    expect(error.statusCode).toBe(400);
    expect(bucket.keys('PutObject')).toHaveLength(0);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
