/**
 * What the aggregates' and links' integration tests share (DynamoDB Local, real services): the
 * archive bucket stood in for, a company with a complete legal profile and a client, the figures in
 * a comparable order, and the count of `Query` calls over every invoice of a company.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { clientCreateInput } from '@btp/shared/entities/client';
import { quoteCreateInput } from '@btp/shared/entities/quote';
import { afterAll, beforeAll, vi } from 'vitest';
import { testCompanyId } from '../../test/company.js';
import type { Figures } from '../aggregates/figures.js';
import { clients } from '../data/entities/clients.js';
import { db, tableName } from '../lib/dynamo.js';
import { createQuote } from '../quotes/quote-service.js';
import { memoryBucket } from './memory-bucket.js';
import { companyItem } from './pdf-stores.js';

/** Only S3 is a stand-in (the archived PDFs of issued documents); call at a test file's top level. */
export function standInDocumentsBucket(): void {
  const bucket = memoryBucket();
  beforeAll(() => {
    bucket.install();
    process.env.DOCUMENTS_BUCKET ??= 'btp-test-documents';
  });
  afterAll(() => bucket.restore());
}

/** A new company with a complete legal profile (invoices may be sent) and a client. */
export async function companyWithClient(): Promise<{ companyId: string; clientId: string }> {
  const companyId = testCompanyId();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...companyItem, pk: `COMPANY#${companyId}`, id: companyId, slug: `entreprise-${companyId}` },
    }),
  );
  const client = await clients.create(
    companyId,
    clientCreateInput.parse({ name: 'Client Martin', email: 'martin@exemple.fr' }),
  );
  return { companyId, clientId: client.id };
}

/**
 * A draft quote of the client: 10 h of labour at 50.00 and 20 m2 of tiles at 30.00 (1,100.00 HT), 5 %
 * retention; on the project when one is given.
 */
export function draftQuote(
  companyId: string,
  clientId: string,
  { title = 'Rénovation salle de bains', projectId }: { title?: string; projectId?: string } = {},
) {
  return createQuote(
    companyId,
    quoteCreateInput.parse({
      title,
      clientId,
      ...(projectId ? { projectId } : {}),
      retentionRate: '5.00',
      items: [
        { resourceType: 'labor', description: 'Pose', unit: 'h', quantity: '10', unitPrice: '50.00' },
        {
          resourceType: 'materials',
          description: 'Carrelage',
          unit: 'm2',
          quantity: '20',
          unitPrice: '30.00',
        },
      ],
    }),
  );
}

/** Aggregates as plain objects in key order, zeros left out: what two sets of figures compare as. */
export const sortedFigures = (figures: Figures) =>
  Object.fromEntries(
    [...figures]
      .filter(([, values]) => values.size > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([sk, values]) => [sk, Object.fromEntries([...values].sort(([a], [b]) => a.localeCompare(b)))]),
  );

/** What `run` answers, and how many `Query` calls it made over the company's invoices (all of them). */
export async function withInvoiceRangeQueries<T>(
  run: () => Promise<T>,
): Promise<{ result: T; queries: number }> {
  const send = vi.spyOn(db(), 'send');
  try {
    const result = await run();
    const queries = send.mock.calls.filter(([command]) => {
      const input = command.input as { ExpressionAttributeValues?: Record<string, unknown> };
      return (
        command.constructor.name === 'QueryCommand' &&
        input.ExpressionAttributeValues?.[':skFrom'] === 'INVOICE#'
      );
    }).length;
    return { result, queries };
  } finally {
    send.mockRestore();
  }
}
