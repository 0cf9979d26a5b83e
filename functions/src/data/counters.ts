import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { awsErrorToHttp } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { conflict, unavailable, type HttpError } from '../lib/http-errors.js';
import { counterKey } from './keys.js';
import { cancellationCodes, withExtraItems, type TransactItem } from './transactions.js';

/**
 * Number series of a company: quotes `DEV-2026-0001`, invoices `FAC-2026-0001` and credit notes
 * `AV-2026-0001` (each taken when sent, each gapless on its own), supplier price requests
 * `DP-2026-0001`, supplier invoices as recorded `FF-2026-0001`.
 */
export const numberSeries = {
  quote: { kind: 'QUOTE', prefix: 'DEV' },
  invoice: { kind: 'INVOICE', prefix: 'FAC' },
  creditNote: { kind: 'CREDIT_NOTE', prefix: 'AV' },
  supplierQuote: { kind: 'SUPPLIER_QUOTE', prefix: 'DP' },
  supplierInvoice: { kind: 'SUPPLIER_INVOICE', prefix: 'FF' },
} as const;
export type NumberSeries = (typeof numberSeries)[keyof typeof numberSeries];

/** `DEV-2026-0007`: prefix, year, sequence on at least 4 digits. */
export function formatNumber(series: NumberSeries, year: number, sequence: number): string {
  return `${series.prefix}-${year}-${String(sequence).padStart(4, '0')}`;
}

/** The calendar year in France at this instant (a number taken on 31 December at 23:30 UTC is next year's). */
export function yearInFrance(at: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('fr-FR', { year: 'numeric', timeZone: 'Europe/Paris' }).format(at));
}

const maxAttempts = 60;

/**
 * The number the next record of a series would take if it were written now (read consistently).
 * Only a forecast: another writer may take it first, so the number a record gets is always the one
 * {@link takeNextNumber} gives. The PDF of an invoice is drawn with it before the invoice is issued.
 */
export async function peekNextNumber(companyId: string, series: NumberSeries): Promise<string> {
  const year = yearInFrance();
  try {
    const { Item } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: counterKey(companyId, series.kind, year),
        ConsistentRead: true,
      }),
    );
    return formatNumber(series, year, (typeof Item?.value === 'number' ? Item.value : 0) + 1);
  } catch (error) {
    throw awsErrorToHttp(error) ?? error;
  }
}

/**
 * Takes the next number of a series and writes the record that carries it in one transaction:
 * the counter moves from n to n + 1 only if it still reads n, so two writers never take the same
 * number, and a write that fails leaves the counter where it was (numbers are gapless, as French
 * invoicing law requires). A writer that loses the race reads the counter again and retries.
 *
 * `build(number)` returns the items that record the number (the record itself, its unique marker);
 * `explain(index)` names the error when one of them fails its own condition.
 */
export async function takeNextNumber(
  companyId: string,
  series: NumberSeries,
  build: (number: string) => TransactItem[],
  explain: (index: number) => HttpError | undefined = () => undefined,
): Promise<string> {
  const year = yearInFrance();
  const key = counterKey(companyId, series.kind, year);
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    let current: number;
    try {
      const { Item } = await db().send(
        new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
      );
      current = typeof Item?.value === 'number' ? Item.value : 0;
    } catch (error) {
      throw awsErrorToHttp(error) ?? error;
    }
    const number = formatNumber(series, year, current + 1);
    const counterItem: TransactItem = {
      Put: {
        TableName: tableName(),
        Item: { ...key, value: current + 1 },
        ConditionExpression: current === 0 ? 'attribute_not_exists(pk)' : '#value = :current',
        ...(current === 0
          ? {}
          : {
              ExpressionAttributeNames: { '#value': 'value' },
              ExpressionAttributeValues: { ':current': current },
            }),
      },
    };
    const items = await withExtraItems([counterItem, ...build(number)]);
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return number;
    } catch (error) {
      const codes = cancellationCodes(error);
      const lostRace =
        (codes && (codes[0] === 'ConditionalCheckFailed' || codes.includes('TransactionConflict'))) ||
        (error instanceof Error && error.name === 'TransactionConflictException');
      if (!lostRace) {
        const failed = codes?.findIndex((code) => code === 'ConditionalCheckFailed') ?? -1;
        if (failed > 0) throw explain(failed - 1) ?? conflict();
        throw awsErrorToHttp(error) ?? error;
      }
    }
    // Jittered backoff, growing to about 100 ms, so that concurrent writers spread out.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 5 * 2 ** attempt)));
  }
  throw unavailable();
}
