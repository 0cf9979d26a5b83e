import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-errors.js';
import { transactWrite } from './transactions.js';

const dynamo = mockClient(DynamoDBDocumentClient);
afterEach(() => dynamo.reset());

const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const item = {
  ConditionCheck: { TableName: 'btp-test', Key: { pk: 'A', sk: 'B' }, ConditionExpression: 'x' },
};

describe('transactWrite', () => {
  it('tries again a transaction that only met a concurrent one (both move the company aggregates)', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .rejectsOnce(cancelled('TransactionConflict', 'None'))
      .resolves({});
    await transactWrite([item]);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('answers 409 when the conflict lasts', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    await expect(transactWrite([item])).rejects.toMatchObject({ statusCode: 409 });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(6);
  });

  it('never tries again a failed condition: its own error at once', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'ConditionalCheckFailed'));
    const taken = new HttpError(409, 'conflict', 'Un client porte déjà ce nom.');
    await expect(transactWrite([item, item], (index) => (index === 1 ? taken : undefined))).rejects.toBe(
      taken,
    );
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});
