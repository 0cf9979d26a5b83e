import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { apiEvent, jsonOf, lambdaContext } from '../../test-support/api-event.js';
import { handler as create } from './create.js';
import { handler as update } from './update.js';

/**
 * Saving a quote with its lines is one DynamoDB transaction: these tests make that transaction
 * fail the ways DynamoDB can, and check the caller's answer and that nothing else was written.
 */
const dynamo = mockClient(DynamoDBDocumentClient);
afterEach(() => dynamo.reset());

const companyId = '0190a0b0-0000-7000-8000-0000000000cc';
const clientId = '0190a0b0-0000-7000-8000-0000000000c1';
const quoteId = '0190a0b0-0000-7000-8000-0000000000d1';
const principal = { userId: '0190a0b0-0000-7000-8000-0000000000e1', companyId, role: 'user' };

const storedQuote = {
  pk: `COMPANY#${companyId}`,
  sk: `QUOTE#${quoteId}`,
  id: quoteId,
  companyId,
  number: 'DEV-2026-0007',
  status: 'draft',
  title: 'Salle de bains',
  clientId,
  overheadPercentage: '10.00',
  marginPercentage: '15.00',
  subtotalAmount: '0.00',
  overheadAmount: '0.00',
  marginAmount: '0.00',
  totalAmount: '0.00',
  items: [],
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  version: 3,
};

const lines = [
  { resourceType: 'materials', description: 'Carrelage 60x60', quantity: '12,5', unitPrice: '8.40' },
  { resourceType: 'labor', description: 'Pose', quantity: 2, unitPrice: 150 },
];

const cancelled = (codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

/** The table as the handlers read it: the quote, the client, no number taken yet this year. */
function stored() {
  dynamo.on(GetCommand).callsFake((input: { Key: { sk: string } }) => {
    if (input.Key.sk === storedQuote.sk) return { Item: storedQuote };
    if (input.Key.sk === `CLIENT#${clientId}`) {
      return { Item: { id: clientId, companyId, name: 'SCI Les Tilleuls', version: 1 } };
    }
    return {};
  });
}

function request(method: 'POST' | 'PUT', body: unknown) {
  const path = method === 'POST' ? '/api/quotes' : `/api/quotes/${quoteId}`;
  return apiEvent({
    method,
    path,
    routeKey: method === 'POST' ? 'POST /api/quotes' : 'PUT /api/quotes/{id}',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    body: JSON.stringify(body),
    ...(method === 'PUT' ? { params: { id: quoteId } } : {}),
    authorizer: principal,
  });
}

/** Every write sent to DynamoDB, whatever its kind. */
function writes() {
  return [
    ...dynamo.commandCalls(TransactWriteCommand),
    ...dynamo.commandCalls(PutCommand),
    ...dynamo.commandCalls(UpdateCommand),
    ...dynamo.commandCalls(DeleteCommand),
  ];
}

const transactionItems = () =>
  dynamo.commandCalls(TransactWriteCommand).flatMap((call) => call.args[0].input.TransactItems ?? []);

describe('PUT /api/quotes/{id} with its lines', () => {
  const body = { title: 'Rénovation complète', clientId, items: lines, version: 3 };

  it('writes the fields, the lines and the totals in one Put conditioned on the version read', async () => {
    stored();
    dynamo.on(TransactWriteCommand).resolves({});
    const response = await update(request('PUT', body), lambdaContext);
    expect(response.statusCode).toBe(200);
    // Costs 12.5 × 8.40 = 105.00 and 2 × 150 = 300.00; selling prices at K = 1.10 × 1.15 = 1.265:
    // 8.40 × K = 10.626 → 10.63, × 12.5 = 132.875 → 132.88; 150 × K = 189.75, × 2 = 379.50;
    // HT 512.38, VAT 20 % (the default rate) 102.476 → 102.48, TTC 614.86.
    expect(jsonOf(response)).toMatchObject({
      title: 'Rénovation complète',
      subtotalAmount: '405.00',
      totalAmount: '512.38',
      vatAmount: '102.48',
      totalWithVat: '614.86',
      version: 4,
      items: [
        { totalPrice: '105.00', saleUnitPrice: '10.63', saleTotal: '132.88', vatRate: '20.00' },
        { totalPrice: '300.00', saleUnitPrice: '189.75', saleTotal: '379.50', vatRate: '20.00' },
      ],
    });
    expect(writes()).toHaveLength(1);
    const [put, ...others] = transactionItems();
    expect(others).toEqual([]);
    expect(put?.Put?.Item).toMatchObject({ title: 'Rénovation complète', totalAmount: '512.38', version: 4 });
    expect(put?.Put?.Item?.items).toHaveLength(2);
    expect(put?.Put?.ConditionExpression).toBe('version = :version');
    expect(put?.Put?.ExpressionAttributeValues).toEqual({ ':version': 3 });
  });

  it('answers 409 with the stale-version message when the quote changed just before the write', async () => {
    stored();
    dynamo.on(TransactWriteCommand).rejects(cancelled(['ConditionalCheckFailed']));
    const response = await update(request('PUT', body), lambdaContext);
    expect(response.statusCode).toBe(409);
    expect(jsonOf(response)).toEqual({
      error: 'conflict',
      message: 'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.',
    });
    expect(writes()).toHaveLength(1);
  });

  it('answers 503 when the transaction is throttled, and writes the lines no other way', async () => {
    stored();
    dynamo.on(TransactWriteCommand).rejects(cancelled(['ThrottlingError']));
    const response = await update(request('PUT', body), lambdaContext);
    expect(response.statusCode).toBe(503);
    expect(jsonOf(response)).toMatchObject({ error: 'unavailable' });
    expect(writes()).toHaveLength(1);
  });

  it("refuses a line's unknown supplier before writing anything", async () => {
    stored();
    dynamo.on(BatchGetCommand).resolves({ Responses: { 'btp-test': [] } });
    const response = await update(
      request('PUT', {
        ...body,
        items: [{ ...lines[0], supplierId: '0190a0b0-0000-7000-8000-0000000000f1' }],
      }),
      lambdaContext,
    );
    expect(response.statusCode).toBe(400);
    expect(jsonOf(response)).toMatchObject({
      details: [
        {
          path: 'items.0.supplierId',
          message: 'Fournisseur introuvable : choisissez un fournisseur de votre entreprise.',
        },
      ],
    });
    expect(writes()).toHaveLength(0);
  });
});

describe('POST /api/quotes with its lines', () => {
  const body = { title: 'Salle de bains', clientId, items: lines };

  it('writes the number counter, the quote with its lines and totals, and its number marker together', async () => {
    stored();
    dynamo.on(TransactWriteCommand).resolves({});
    const response = await create(request('POST', body), lambdaContext);
    expect(response.statusCode).toBe(201);
    expect(jsonOf(response)).toMatchObject({ totalAmount: '512.38', version: 1, status: 'draft' });
    expect(writes()).toHaveLength(1);
    const [counter, quote, marker] = transactionItems();
    expect(counter?.Put?.Item).toMatchObject({ value: 1 });
    expect(quote?.Put?.Item).toMatchObject({
      title: 'Salle de bains',
      totalAmount: '512.38',
      totalWithVat: '614.86',
    });
    expect(quote?.Put?.Item?.items).toHaveLength(2);
    expect(marker?.Put?.Item).toMatchObject({ ownerId: quote?.Put?.Item?.id });
    // The client is stamped in the same transaction (its deletion then cannot miss this quote).
    const stamp = transactionItems()[3];
    expect(stamp?.Update).toMatchObject({
      Key: { sk: `CLIENT#${clientId}` },
      ConditionExpression: 'attribute_exists(pk)',
    });
    // Then the company aggregates (one more draft quote).
    expect(transactionItems()[4]?.Update).toMatchObject({
      Key: { sk: 'AGG#TOTALS' },
      UpdateExpression: 'ADD #a0 :a0',
      ExpressionAttributeNames: { '#a0': 'quotes_draft' },
      ExpressionAttributeValues: { ':a0': 1 },
    });
    expect(transactionItems()).toHaveLength(5);
  });

  it('answers 503 when the transaction is throttled: no quote is left without its lines', async () => {
    stored();
    dynamo.on(TransactWriteCommand).rejects(cancelled(['None', 'ThrottlingError', 'None']));
    const response = await create(request('POST', body), lambdaContext);
    expect(response.statusCode).toBe(503);
    expect(jsonOf(response)).toMatchObject({ error: 'unavailable' });
    expect(writes()).toHaveLength(1);
  });
});
