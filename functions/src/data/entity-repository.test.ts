import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { entityRepository, type BaseRecord } from './entity-repository.js';

interface Contact extends BaseRecord {
  name: string;
}

const contacts = entityRepository<Contact>({
  type: 'TESTCONTACT',
  notFoundMessage: 'Contact introuvable.',
  unique: [{ field: 'NAME', value: (contact) => contact.name, message: 'Un contact porte déjà ce nom.' }],
});

const dynamo = mockClient(DynamoDBDocumentClient);
afterEach(() => dynamo.reset());

const cancelled = (codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('DynamoDB faults become the contract’s errors', () => {
  it('throttling on a write is 503 and the write is one transaction (all or nothing)', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejects(
        Object.assign(new Error('Throughput exceeds the current capacity'), { name: 'ThrottlingException' }),
      );
    await expect(contacts.create('c1', { name: 'Durand' })).rejects.toMatchObject({
      statusCode: 503,
      code: 'unavailable',
    });
    const calls = dynamo.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(1);
    const items = calls[0]!.args[0].input.TransactItems ?? [];
    // The record and its name marker go together, each guarded.
    expect(items).toHaveLength(2);
    expect(items.every((item) => item.Put?.ConditionExpression === 'attribute_not_exists(pk)')).toBe(true);
  });

  it('a cancelled transaction whose marker failed is 409 with the field’s message', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled(['None', 'ConditionalCheckFailed']));
    await expect(contacts.create('c1', { name: 'Durand' })).rejects.toMatchObject({
      statusCode: 409,
      message: 'Un contact porte déjà ce nom.',
    });
  });

  it('a cancelled update whose record condition failed is a stale-version 409', async () => {
    dynamo.on(GetCommand).resolves({
      Item: {
        pk: 'COMPANY#c1',
        sk: 'TESTCONTACT#x',
        id: 'x',
        companyId: 'c1',
        name: 'A',
        version: 3,
        createdAt: '',
        updatedAt: '',
      },
    });
    dynamo.on(TransactWriteCommand).rejects(cancelled(['ConditionalCheckFailed']));
    await expect(contacts.update('c1', 'x', (current) => ({ ...current, name: 'A' }))).rejects.toMatchObject({
      statusCode: 409,
      message: 'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.',
    });
  });

  it('a transaction cancelled for capacity reasons is 503', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled(['None', 'ThrottlingError']));
    await expect(contacts.create('c1', { name: 'Durand' })).rejects.toMatchObject({ statusCode: 503 });
  });

  it('an unreachable database on a list is 503', async () => {
    dynamo
      .on(QueryCommand)
      .rejects(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' }));
    await expect(contacts.list('c1')).rejects.toMatchObject({ statusCode: 503 });
  });
});
