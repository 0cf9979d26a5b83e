import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { entityRepository, type BaseRecord } from './entity-repository.js';
import { queryAllByGsi1 } from './global-index.js';

// DynamoDB Local answers every read consistently, so what AWS does right after a write (a global
// index, or a plain Query, still showing the old copy) can only be played by a mock.
const dynamo = mockClient(DynamoDBDocumentClient);
afterEach(() => dynamo.reset());

const userItem = (id: string, status: string) => ({
  pk: `USER#${id}`,
  sk: 'USER',
  gsi1pk: 'USER',
  gsi1sk: `2026-11-0${id}T08:00:00.000Z#${id}`,
  id,
  status,
});

describe('the super administrator’s lists right after a write', () => {
  it('show each record as the table holds it now, in the index’s order, without one already gone', async () => {
    // The index still has u2 pending and u3, which has just been deleted.
    dynamo.on(QueryCommand).resolves({
      Items: [
        { pk: 'USER#u3', sk: 'USER' },
        { pk: 'USER#u2', sk: 'USER' },
        { pk: 'USER#u1', sk: 'USER' },
      ],
    });
    dynamo
      .on(BatchGetCommand)
      .callsFake((input: { RequestItems: Record<string, { ConsistentRead?: boolean }> }) => {
        const fresh = input.RequestItems['btp-test']?.ConsistentRead === true;
        return {
          Responses: {
            'btp-test': [userItem('u1', 'active'), userItem('u2', fresh ? 'active' : 'pending')],
          },
        };
      });

    const users = await queryAllByGsi1<{ id: string; status: string }>('USER');

    expect(users).toEqual([
      { id: 'u2', status: 'active' },
      { id: 'u1', status: 'active' },
    ]);
  });

  it('read every page of the index, and keys left unprocessed are asked again', async () => {
    dynamo
      .on(QueryCommand)
      .resolvesOnce({
        Items: [{ pk: 'USER#u2', sk: 'USER' }],
        LastEvaluatedKey: { pk: 'USER#u2', sk: 'USER' },
      })
      .resolvesOnce({ Items: [{ pk: 'USER#u1', sk: 'USER' }] });
    dynamo
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { 'btp-test': [userItem('u2', 'active')] },
        UnprocessedKeys: { 'btp-test': { Keys: [{ pk: 'USER#u1', sk: 'USER' }] } },
      })
      .resolvesOnce({ Responses: { 'btp-test': [userItem('u1', 'disabled')] } });

    const users = await queryAllByGsi1<{ id: string; status: string }>('USER');

    expect(users).toEqual([
      { id: 'u2', status: 'active' },
      { id: 'u1', status: 'disabled' },
    ]);
  });

  it('answer 503 when DynamoDB keeps leaving keys unprocessed', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [{ pk: 'USER#u1', sk: 'USER' }] });
    dynamo.on(BatchGetCommand).resolves({
      Responses: { 'btp-test': [] },
      UnprocessedKeys: { 'btp-test': { Keys: [{ pk: 'USER#u1', sk: 'USER' }] } },
    });

    await expect(queryAllByGsi1('USER')).rejects.toMatchObject({ statusCode: 503, code: 'unavailable' });
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(6);
  });
});

interface Note extends BaseRecord {
  text: string;
}
const notes = entityRepository<Note>({ type: 'TESTNOTE', notFoundMessage: 'Note introuvable.' });

describe('a company’s lists right after a write', () => {
  it('list and getMany show the record as just written, not a replica’s older copy', async () => {
    const item = (text: string) => ({
      pk: 'COMPANY#c1',
      sk: 'TESTNOTE#n1',
      id: 'n1',
      companyId: 'c1',
      createdAt: '2026-11-22T08:00:00.000Z',
      updatedAt: '2026-11-22T08:00:00.000Z',
      version: 2,
      text,
    });
    dynamo.on(QueryCommand).callsFake((input: { ConsistentRead?: boolean }) => ({
      Items: [item(input.ConsistentRead === true ? 'Validé' : 'Envoyé')],
    }));
    dynamo
      .on(BatchGetCommand)
      .callsFake((input: { RequestItems: Record<string, { ConsistentRead?: boolean }> }) => ({
        Responses: {
          'btp-test': [item(input.RequestItems['btp-test']?.ConsistentRead === true ? 'Validé' : 'Envoyé')],
        },
      }));

    expect((await notes.list('c1')).items.map((note) => note.text)).toEqual(['Validé']);
    expect((await notes.listAll('c1', ['text'])).map((note) => note.text)).toEqual(['Validé']);
    expect((await notes.getMany('c1', ['n1'])).get('n1')?.text).toBe('Validé');
  });
});
