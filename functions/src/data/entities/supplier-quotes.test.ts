import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import {
  selectionLockKey,
  selectionRaceMessage,
  selectSupplierQuote,
  supplierQuotes,
  tooManySelectedMessage,
} from './supplier-quotes.js';

const dynamo = mockClient(DynamoDBDocumentClient);
afterEach(() => dynamo.reset());

const companyId = '0190a0b0-0000-7000-8000-0000000000cc';
const projectId = '0190a0b0-0000-7000-8000-0000000000aa';
const id = (n: number) => `0190a0b0-0000-7000-8000-${String(n).padStart(12, '0')}`;

const request = (n: number, fields: Record<string, unknown> = {}) => ({
  ...supplierQuotes.key(companyId, id(n)),
  id: id(n),
  companyId,
  number: `DP-2026-${String(n).padStart(4, '0')}`,
  supplierId: id(9_000),
  projectId,
  title: 'Béton',
  status: 'validated',
  totalAmount: '100.00',
  selected: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...fields,
});

function stored(items: ReturnType<typeof request>[], lock?: { value: number; ownerId: string }) {
  const lockKey = selectionLockKey(companyId, projectId);
  dynamo.on(GetCommand).callsFake((input: { Key: { sk: string } }) => {
    if (input.Key.sk === lockKey.sk) return { Item: lock ? { ...lockKey, ...lock } : undefined };
    return { Item: items.find((item) => item.sk === input.Key.sk) };
  });
  dynamo.on(QueryCommand).resolves({ Items: items });
}

const transactionItems = () =>
  dynamo.commandCalls(TransactWriteCommand).flatMap((call) => call.args[0].input.TransactItems ?? []);

describe('selectSupplierQuote', () => {
  it('selects, unselects the selected one of the project and moves the lock, in one transaction', async () => {
    stored([request(1), request(2, { selected: true, version: 4 })], { value: 3, ownerId: id(2) });
    dynamo.on(TransactWriteCommand).resolves({});
    const selected = await selectSupplierQuote(companyId, id(1), () => undefined);
    expect(selected).toMatchObject({ id: id(1), selected: true, version: 2 });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
    const [target, other, lock] = transactionItems();
    expect(target?.Put?.Item).toMatchObject({ id: id(1), selected: true });
    expect(target?.Put?.ExpressionAttributeValues).toEqual({ ':version': 1 });
    expect(other?.Put?.Item).toMatchObject({ id: id(2), selected: false, version: 5 });
    expect(other?.Put?.ExpressionAttributeValues).toEqual({ ':version': 4 });
    expect(lock?.Put?.Item).toMatchObject({ value: 4, ownerId: id(1) });
    expect(lock?.Put?.ExpressionAttributeValues).toEqual({ ':value': 3 });
  });

  it('writes nothing when the request is already the only selected one', async () => {
    stored([request(1, { selected: true })], { value: 1, ownerId: id(1) });
    await expect(selectSupplierQuote(companyId, id(1), () => undefined)).resolves.toMatchObject({
      version: 1,
    });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses, without writing, more selected requests than one transaction can unselect', async () => {
    const others = Array.from({ length: 99 }, (_, index) => request(index + 2, { selected: true }));
    stored([request(1), ...others]);
    await expect(selectSupplierQuote(companyId, id(1), () => undefined)).rejects.toMatchObject({
      statusCode: 409,
      message: tooManySelectedMessage,
    });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers 409 when another selection took the lock first', async () => {
    stored([request(1)]);
    dynamo.on(TransactWriteCommand).rejects(
      Object.assign(new Error('cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
      }),
    );
    await expect(selectSupplierQuote(companyId, id(1), () => undefined)).rejects.toMatchObject({
      statusCode: 409,
      message: selectionRaceMessage,
    });
  });
});
