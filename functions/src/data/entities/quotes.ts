import type { Quote, QuoteCreateData, QuoteItem, QuoteItemData } from '@btp/shared/entities/quote';
import { NEW_QUOTE_AMOUNTS, quoteSchema } from '@btp/shared/entities/quote';
import { quoteTotals } from '@btp/shared/pricing';
import { tableName } from '../../lib/dynamo.js';
import { conflict } from '../../lib/http-errors.js';
import { numberSeries } from '../counters.js';
import { entityRepository, staleVersionMessage, type Fields } from '../entity-repository.js';
import { newId, nowIso } from '../ids.js';
import { companyMarkerKey } from '../keys.js';
import { transactWrite } from '../transactions.js';
import { createNumbered } from './numbered.js';

/**
 * Quotes: `COMPANY#<c>` / `QUOTE#<id>`, numbered `DEV-<year>-<n>` per company. Their lines are
 * stored inside the quote record, so they are written, replaced and deleted with it, in one write
 * together with the totals they give.
 */
export const quotes = entityRepository<Quote>({
  type: 'QUOTE',
  notFoundMessage: 'Devis introuvable.',
  unique: [
    { field: 'NUMBER', value: (quote) => quote.number, message: 'Ce numéro de devis est déjà utilisé.' },
  ],
});

/** A new quote with the next number and amounts at 0.00 until lines are added. */
export function createQuote(companyId: string, data: QuoteCreateData): Promise<Quote> {
  return createNumbered(quotes, numberSeries.quote, companyId, { ...data, ...NEW_QUOTE_AMOUNTS, items: [] });
}

/** The quote's lines priced by the shared rule, and the quote's amounts. */
export function pricedQuote(
  companyId: string,
  quote: Pick<Quote, 'id' | 'overheadPercentage' | 'marginPercentage' | 'items'>,
  lines: QuoteItemData[],
): Pick<Quote, 'items' | 'subtotalAmount' | 'overheadAmount' | 'marginAmount' | 'totalAmount'> {
  const totals = quoteTotals({
    items: lines.map((line) => ({ quantity: line.quantity, unitPrice: line.unitPrice })),
    overheadPercentage: quote.overheadPercentage,
    marginPercentage: quote.marginPercentage,
  });
  const now = nowIso();
  const items: QuoteItem[] = lines.map((line, index) => ({
    ...line,
    id: newId(),
    companyId,
    quoteId: quote.id,
    createdAt: now,
    updatedAt: now,
    totalPrice: totals.lines[index] as string,
  }));
  return {
    items,
    subtotalAmount: totals.subtotalAmount,
    overheadAmount: totals.overheadAmount,
    marginAmount: totals.marginAmount,
    totalAmount: totals.totalAmount,
  };
}

/**
 * Replaces a quote's lines and recomputes subtotal, overhead, margin and total, guarded by the
 * quote's version (the one the caller read, when given). `check` may refuse the quote as read
 * (e.g. one that is no longer a draft) by throwing; the write is conditioned on that very version.
 */
export function replaceQuoteItems(
  companyId: string,
  quoteId: string,
  lines: QuoteItemData[],
  expectedVersion?: number,
  check?: (current: Quote) => void,
): Promise<Quote> {
  return quotes.update(
    companyId,
    quoteId,
    (current) => {
      check?.(current);
      return { ...current, ...pricedQuote(companyId, current, lines) } as Fields<Quote>;
    },
    { expectedVersion },
  );
}

/**
 * Deletes a quote exactly as it was read (same `version`), with its number marker, in one
 * transaction: a quote changed since (e.g. sent meanwhile) is a 409 and stays.
 */
export async function removeQuoteAsRead(companyId: string, current: Quote): Promise<void> {
  await transactWrite(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: quotes.key(companyId, current.id),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': current.version },
        },
      },
      {
        Delete: {
          TableName: tableName(),
          Key: companyMarkerKey(companyId, quotes.type, 'NUMBER', current.number),
          ConditionExpression: 'attribute_not_exists(pk) OR ownerId = :owner',
          ExpressionAttributeValues: { ':owner': current.id },
        },
      },
    ],
    () => conflict(staleVersionMessage),
  );
}

/** Changing percentages re-prices the stored lines, so the amounts always follow the rule. */
export function repricedFields(companyId: string, next: Fields<Quote> & { id: string }): Fields<Quote> {
  return { ...next, ...pricedQuote(companyId, next, (next.items ?? []).map(lineOf)) };
}

/** The editable part of a stored line. */
function lineOf(item: QuoteItem): QuoteItemData {
  return {
    resourceType: item.resourceType,
    description: item.description,
    unit: item.unit,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    supplierId: item.supplierId,
    notes: item.notes,
    sortOrder: item.sortOrder,
  };
}

/** Every attribute of a stored quote but its lines: what `GET /api/quotes` reads. */
export const quoteListAttributes = Object.keys(quoteSchema.shape).filter(
  (name): name is Exclude<keyof Quote & string, 'items'> => name !== 'items',
);

/** A quote as lists show it: without its lines. */
export function withoutItems(quote: Quote): Quote {
  const { items: _items, ...rest } = quote;
  return rest as Quote;
}
