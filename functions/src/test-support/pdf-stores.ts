/**
 * For the unit tests of the PDF routes and of sending (`pdf-service.test.ts`, `*-sending.test.ts`):
 * a company with a complete profile, its client and project, as stored items, a mock of DynamoDB
 * that answers `GetItem` from them and records every write, and an in-memory documents bucket. Not imported by any route.
 */
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { memoryBucket } from './memory-bucket.js';

export const companyId = '0196f2c4-0000-7000-8000-0000000000c0';
export const clientId = '0196f2c4-0000-7000-8000-0000000000c1';
export const projectId = '0196f2c4-0000-7000-8000-0000000000c2';

const stamps = {
  companyId,
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:00:00.000Z',
};

/** A company whose legal profile is complete (quotes and invoices may be sent). */
export const companyItem = {
  pk: `COMPANY#${companyId}`,
  sk: 'COMPANY',
  id: companyId,
  name: 'Bâtisseurs Réunis',
  slug: 'batisseurs-reunis',
  email: 'contact@batisseurs.fr',
  status: 'active',
  legalForm: 'SARL',
  shareCapital: '10000.00',
  siret: '73282932000074',
  registration: 'RCS Lyon 732 829 320',
  vatNumber: 'FR44732829320',
  address: '12 rue des Artisans',
  postalCode: '69003',
  city: 'Lyon',
  iban: 'FR7630006000011234567890189',
  insurer: 'SMABTP',
  insurancePolicyNumber: 'POL-2026-001',
  insuranceArea: 'France métropolitaine',
  vatRegime: 'normal',
  paymentTermDays: 30,
  defaultVatRate: '20.00',
  createdAt: stamps.createdAt,
  updatedAt: stamps.updatedAt,
  version: 1,
};

export const clientItem = {
  pk: `COMPANY#${companyId}`,
  sk: `CLIENT#${clientId}`,
  id: clientId,
  name: 'SCI Les Tilleuls',
  kind: 'company',
  address: '3 place Bellecour',
  postalCode: '69002',
  city: 'Lyon',
  ...stamps,
  version: 1,
};

export const projectItem = {
  pk: `COMPANY#${companyId}`,
  sk: `PROJECT#${projectId}`,
  id: projectId,
  name: 'Chantier Bellecour',
  clientId,
  status: 'in_progress',
  location: '3 place Bellecour, 69002 Lyon',
  ...stamps,
  version: 1,
};

/** A stored record of the company partition: `type` is its sort-key prefix (`QUOTE`, `INVOICE`). */
export function recordItem(type: string, id: string, fields: Record<string, unknown>) {
  return { pk: `COMPANY#${companyId}`, sk: `${type}#${id}`, id, ...stamps, version: 1, ...fields };
}

/**
 * A mock of DynamoDB and an in-memory S3 bucket: `GetItem` answers from `items` by sort key (an
 * array of answers is used one by one, the last one again), every other call resolves empty unless
 * a test says otherwise; the bucket stores what is put. Call `reset()` after each test.
 */
export function mockedStores() {
  const dynamo = mockClient(DynamoDBDocumentClient);
  const s3 = memoryBucket();
  s3.install();
  const items = new Map<string, Record<string, unknown> | Record<string, unknown>[] | undefined>();
  const answer = (sk: string) => {
    const found = items.get(sk);
    if (!Array.isArray(found)) return found;
    return found.length > 1 ? found.shift() : found[0];
  };
  const setUp = () => {
    dynamo.on(GetCommand).callsFake((input: { Key: { sk: string } }) => ({ Item: answer(input.Key.sk) }));
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(BatchGetCommand).resolves({});
  };
  setUp();
  return {
    dynamo,
    s3,
    items,
    reset() {
      dynamo.reset();
      s3.reset();
      items.clear();
      for (const item of [companyItem, clientItem, projectItem]) items.set(item.sk, item);
      setUp();
    },
    /** The items of each transaction written, in order. */
    transactions() {
      return dynamo.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);
    },
    /** The keys of the objects stored, then deleted. */
    puts: () => s3.keys('PutObject'),
    deletes: () => s3.keys('DeleteObject'),
  };
}

/** A cancelled transaction whose item `index` failed its condition. */
export function conditionFailedAt(index: number, of = index + 1) {
  return Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: Array.from({ length: of }, (_, at) => ({
      Code: at === index ? 'ConditionalCheckFailed' : 'None',
    })),
  });
}
