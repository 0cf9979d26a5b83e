import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteInvoice, payInvoice, updateInvoice } from './invoice-service.js';

const dynamo = mockClient(DynamoDBDocumentClient);
afterEach(() => dynamo.reset());

const companyId = '0190a7c4-0000-7000-8000-00000000000c';
const invoiceId = '0190a7c4-0000-7000-8000-00000000000a';

const stored = (fields: Record<string, unknown>) => ({
  Item: {
    pk: `COMPANY#${companyId}`,
    sk: `INVOICE#${invoiceId}`,
    id: invoiceId,
    companyId,
    clientId: '0190a7c4-0000-7000-8000-0000000000c1',
    title: 'Situation',
    totalAmount: '100.00',
    paidAmount: '0.00',
    status: 'draft',
    createdAt: '2026-05-01T08:00:00.000Z',
    updatedAt: '2026-05-01T08:00:00.000Z',
    version: 3,
    ...fields,
  },
});

const cancelled = () =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
  });

describe('invoice writes racing with a send', () => {
  it('deletes a draft only if it is still the version read and still has no number', async () => {
    dynamo.on(GetCommand).resolves(stored({}));
    dynamo.on(TransactWriteCommand).rejects(cancelled());
    await expect(deleteInvoice(companyId, invoiceId)).rejects.toMatchObject({ statusCode: 409 });
    const item = dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!;
    expect(item.Delete?.ConditionExpression).toBe('version = :version AND attribute_not_exists(#number)');
    expect(item.Delete?.ExpressionAttributeValues).toEqual({ ':version': 3 });
  });

  it('never tries to delete a numbered invoice', async () => {
    dynamo.on(GetCommand).resolves(stored({ status: 'sent', number: 'FAC-2026-0007' }));
    await expect(deleteInvoice(companyId, invoiceId)).rejects.toMatchObject({
      statusCode: 409,
      message:
        "La facture FAC-2026-0007 a été émise : la loi interdit de supprimer une facture numérotée. Pour l'annuler, établissez un avoir.",
    });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses to edit a sent invoice before checking anything else', async () => {
    dynamo.on(GetCommand).resolves(stored({ status: 'sent', number: 'FAC-2026-0007' }));
    await expect(
      updateInvoice(companyId, invoiceId, {
        clientId: '0190a7c4-0000-7000-8000-0000000000c1',
        title: 'X',
        totalAmount: '1.00',
        reverseCharge: false,
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('records a payment only on the version read (a concurrent payment loses with 409)', async () => {
    // Stored before invoices had VAT: 100.00 reads as HT at 20 %, so 120.00 remains to pay.
    dynamo.on(GetCommand).resolves(stored({ status: 'sent', number: 'FAC-2026-0007' }));
    dynamo.on(TransactWriteCommand).rejects(cancelled());
    await expect(payInvoice(companyId, invoiceId, {})).rejects.toMatchObject({
      statusCode: 409,
      message: 'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.',
    });
    const item = dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!;
    expect(item.Put?.ConditionExpression).toBe('version = :version');
    expect(item.Put?.Item).toMatchObject({ status: 'paid', paidAmount: '120.00', version: 4 });
  });
});
