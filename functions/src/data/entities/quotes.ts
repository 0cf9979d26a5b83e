import type {
  Quote,
  QuoteCreateData,
  QuoteHeadingData,
  QuoteItem,
  QuoteItemData,
  QuoteRowData,
} from '@btp/shared/entities/quote';
import { quoteFieldNames } from '@btp/shared/entities/quote-field-names';
import { splitQuoteRows } from '@btp/shared/entities/quote-rows';
import { deboursePerUnit } from '@btp/shared/library-costs';
import { sectionTotals } from '@btp/shared/quote-sections';
import type { VatRate } from '@btp/shared/enums';
import {
  formatMoney,
  lineTotal,
  parseMoney,
  parsePercent,
  parseQuantity,
  percentOf,
  sumCents,
} from '@btp/shared/money';
import { formatVatBreakdown, saleUnitPriceCents, splitInProportion } from '@btp/shared/vat';
import {
  defaultPricingContext,
  LEGACY_VAT_RATE,
  quoteTotals,
  type PricingContext,
} from '@btp/shared/pricing';
import { tableName } from '../../lib/dynamo.js';
import { badRequest, conflict } from '../../lib/http-errors.js';
import { numberSeries } from '../counters.js';
import { entityRepository, staleVersionMessage, type Fields } from '../entity-repository.js';
import { newId, nowIso } from '../ids.js';
import { companyMarkerKey } from '../keys.js';
import { withFigureImage } from '../figure-images.js';
import { transactWrite } from '../transactions.js';
import { referenceMessages } from './reference-messages.js';
import { createNumbered } from './numbered.js';

/**
 * Quotes: `COMPANY#<c>` / `QUOTE#<id>`, numbered `DEV-<year>-<n>` per company. Their lines are
 * stored inside the quote record, so they are written, replaced and deleted with it, in one write
 * together with the totals they give: a quote with any number of lines is one item of the
 * transaction (with, on creation, the number counter and the number marker), far below
 * DynamoDB's 100 items. What bounds a quote instead is DynamoDB's 400 KB per item
 * (`maxQuoteItemBytes`).
 */
export const quotes = entityRepository<Quote>({
  type: 'QUOTE',
  notFoundMessage: 'Devis introuvable.',
  // A client's, project's or supplier's deletion checks what links to it (see reference-stamps.ts):
  // a line naming a supplier (`items[].supplierId`) stamps it when the quote first names it.
  references: [
    { field: 'clientId', targetType: 'CLIENT', message: referenceMessages.client },
    { field: 'projectId', targetType: 'PROJECT', message: referenceMessages.project },
    {
      field: 'items',
      targetType: 'SUPPLIER',
      message: referenceMessages.supplier,
      targets: (quote) =>
        (quote.items ?? []).flatMap((line, index) =>
          line.supplierId ? [{ id: line.supplierId, path: `items.${index}.supplierId` }] : [],
        ),
    },
  ],
  unique: [
    { field: 'NUMBER', value: (quote) => quote.number, message: 'Ce numéro de devis est déjà utilisé.' },
  ],
});

/** DynamoDB's largest item, in bytes (400 KB): a quote and all its lines must fit in it. */
export const maxQuoteItemBytes = 400 * 1024;

/** What the record's keys, stamps and number may add to its fields, in bytes (an upper bound). */
const recordOverheadBytes = 1024;

export const quoteTooLargeMessage =
  'Ce devis est trop volumineux pour être enregistré : réduisez le nombre de lignes ou la longueur de leurs textes (description, notes).';

/**
 * The size DynamoDB counts for a value once stored, in bytes, rounded up: strings and attribute
 * names in UTF-8, numbers one byte per two digits plus one, 3 bytes per map or list plus one per
 * element (the rules of the DynamoDB developer guide, "Item sizes and formats").
 */
export function storedSize(value: unknown): number {
  if (value === undefined) return 0;
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number') return Math.ceil(String(value).replace(/[^0-9]/g, '').length / 2) + 1;
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, entry) => sum + 1 + storedSize(entry), 0);
  if (typeof value === 'object') {
    return (
      3 +
      Object.entries(value).reduce(
        (sum, [name, entry]) =>
          entry === undefined ? sum : sum + 1 + Buffer.byteLength(name, 'utf8') + storedSize(entry),
        0,
      )
    );
  }
  return Buffer.byteLength(String(value), 'utf8');
}

/**
 * Refuses (400 on `items`, nothing written) a quote that would not fit in one DynamoDB item. The
 * JSON body limit (256 KB) does not prevent it: each stored line adds its id, quote id, company id,
 * stamps and total, about 250 bytes, so 1,000 lines with short notes can pass 400 KB.
 */
export function assertQuoteFits(fields: Partial<Fields<Quote>>): void {
  if (storedSize(fields) + recordOverheadBytes > maxQuoteItemBytes) {
    // The sentence itself as the message: the dialog's toast shows it (the lines have no field for it).
    throw badRequest(quoteTooLargeMessage, [{ path: 'items', message: quoteTooLargeMessage }]);
  }
}

/**
 * A new draft with the next number, its lines (`data.items`, none when absent) and the amounts
 * they give, written in one transaction with the number counter and the number marker. `context`:
 * the company's default VAT rate and regime (a line without a rate takes the default; every line
 * is at 0 % under reverse charge or the franchise).
 */
export function createQuote(
  companyId: string,
  data: QuoteCreateData,
  context: PricingContext = defaultPricingContext,
): Promise<Quote> {
  const { items: rows = [], ...fields } = data;
  const { lines, headings } = splitQuoteRows(rows);
  const id = newId();
  const record = { ...fields, ...pricedQuote(companyId, { id, ...fields }, lines, context, headings) };
  assertQuoteFits(record);
  return createNumbered(quotes, numberSeries.quote, companyId, record, id);
}

/**
 * A draft's next content: `fields` over the stored ones, and the lines replaced by `lines` when
 * given, else the stored lines, re-priced when the percentages or the reverse charge change (so
 * the amounts always follow the rule). Lines leaving the reverse charge at 0 % take the company's
 * default rate (they were at 0 % because of it). A quote stored before VAT existed and not
 * re-priced gets its VAT fields as it reads (`quoteAsRead`), its HT left as stored. Refused (400)
 * when the quote would no longer fit in one item.
 */
export function nextDraft(
  companyId: string,
  current: Quote,
  fields: Partial<Fields<Quote>>,
  rows?: QuoteRowData[],
  context: PricingContext = defaultPricingContext,
): Fields<Quote> {
  const read = quoteAsRead(current);
  const next = { ...read, ...fields };
  const { lines, headings } =
    rows === undefined ? { lines: undefined, headings: undefined } : splitQuoteRows(rows);
  const leavesReverseCharge = read.reverseCharge && !next.reverseCharge;
  const repriced =
    lines !== undefined ||
    next.overheadPercentage !== read.overheadPercentage ||
    next.marginPercentage !== read.marginPercentage ||
    next.reverseCharge !== read.reverseCharge;
  const storedLines = (read.items ?? []).map((item) => {
    const line = lineOf(item);
    return leavesReverseCharge && line.vatRate === '0.00' ? { ...line, vatRate: undefined } : line;
  });
  const result = repriced
    ? {
        ...next,
        ...pricedQuote(companyId, next, lines ?? storedLines, context, headings ?? headingsOf(read)),
      }
    : next;
  assertQuoteFits(result);
  return result;
}

/** What `pricedQuote` sets on a quote: its priced lines and every amount. */
export type QuoteAmounts = Pick<
  Quote,
  | 'items'
  | 'subtotalAmount'
  | 'overheadAmount'
  | 'marginAmount'
  | 'totalAmount'
  | 'vatBreakdown'
  | 'vatAmount'
  | 'totalWithVat'
  | 'sections'
>;

/** The headings of a stored quote (its lots), without their subtotals. */
export function headingsOf(quote: Pick<Quote, 'sections'>): QuoteHeadingData[] {
  return (quote.sections ?? []).map((section) => ({
    kind: 'heading',
    section: section.section,
    title: section.title,
  }));
}

/**
 * The quote's lines ordered by `sortOrder` (then as given) and priced by the shared rule
 * (`quoteTotals`: selling prices, VAT per rate), and the quote's amounts. A line keeps the rate it
 * is taxed at: its own, else the company's default; 0 % under reverse charge or franchise. Each
 * call gives the lines new ids: lines are replaced together, never one by one.
 */
export function pricedQuote(
  companyId: string,
  quote: Pick<Quote, 'id' | 'overheadPercentage' | 'marginPercentage'> & {
    reverseCharge?: boolean;
    /** Ignored: the lines priced are `lines`. */
    items?: unknown;
  },
  lines: QuoteItemData[],
  context: PricingContext = defaultPricingContext,
  headings: readonly QuoteHeadingData[] = [],
): QuoteAmounts {
  // A line with a components snapshot costs the snapshot's déboursé (LIBRARY.md), whatever its
  // `unitPrice` said.
  const ordered = [...lines]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((line) => ({
      ...line,
      ...(line.components && line.components.length > 0
        ? { unitPrice: deboursePerUnit(line.components) }
        : {}),
      vatRate: line.vatRate ?? context.defaultVatRate,
    }));
  const totals = quoteTotals({
    items: ordered.map((line) => ({
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
    })),
    overheadPercentage: quote.overheadPercentage,
    marginPercentage: quote.marginPercentage,
    noVat: quote.reverseCharge === true || context.franchise,
  });
  const now = nowIso();
  const items: QuoteItem[] = ordered.map((line, index) => {
    const priced = totals.lines[index];
    if (!priced) throw new Error('quoteTotals returned fewer lines than it was given');
    return {
      ...line,
      id: newId(),
      companyId,
      quoteId: quote.id,
      createdAt: now,
      updatedAt: now,
      vatRate: priced.vatRate as VatRate,
      totalPrice: priced.totalPrice,
      saleUnitPrice: priced.saleUnitPrice,
      saleTotal: priced.saleTotal,
    };
  });
  return {
    items,
    subtotalAmount: totals.subtotalAmount,
    overheadAmount: totals.overheadAmount,
    marginAmount: totals.marginAmount,
    totalAmount: totals.totalAmount,
    vatBreakdown: totals.vatBreakdown,
    vatAmount: totals.vatAmount,
    totalWithVat: totals.totalWithVat,
    sections: sectionTotals(headings, items),
  };
}

/**
 * A stored line as the API answers it. Lines stored before VAT and selling prices existed read at
 * 20 % (`LEGACY_VAT_RATE`), with their selling prices computed by today's rule from their cost
 * and the quote's percentages.
 */
function itemAsRead(
  quote: Pick<Quote, 'overheadPercentage' | 'marginPercentage'>,
  item: QuoteItem,
): QuoteItem {
  if (
    item.vatRate !== undefined &&
    item.saleUnitPrice !== undefined &&
    item.saleTotal !== undefined &&
    item.totalPrice !== undefined
  ) {
    return item;
  }
  const quantity = parseQuantity(item.quantity);
  const cost = parseMoney(item.unitPrice);
  const sale = saleUnitPriceCents(
    cost,
    parsePercent(quote.overheadPercentage ?? '0'),
    parsePercent(quote.marginPercentage ?? '0'),
  );
  return {
    ...item,
    vatRate: item.vatRate ?? (LEGACY_VAT_RATE as VatRate),
    totalPrice: item.totalPrice ?? formatMoney(lineTotal(quantity, cost)),
    saleUnitPrice: item.saleUnitPrice ?? formatMoney(sale),
    saleTotal: item.saleTotal ?? formatMoney(lineTotal(quantity, sale)),
  };
}

/**
 * The VAT of a quote stored before VAT existed, derived from its stored HT (`totalAmount`, never
 * recomputed): split across its lines' rates in proportion to their selling totals when it is read
 * with its lines, else (lists) all at 20 %. A quote of 0.00 without lines has no breakdown.
 */
function legacyVat(
  quote: Quote,
  items: readonly QuoteItem[] | undefined,
): Pick<Quote, 'vatBreakdown' | 'vatAmount' | 'totalWithVat'> {
  const totalCents = parseMoney(quote.totalAmount ?? '0');
  const weights = new Map<number, number>();
  for (const item of items ?? []) {
    const rate = parsePercent(item.vatRate);
    weights.set(rate, sumCents([weights.get(rate) ?? 0, parseMoney(item.saleTotal)]));
  }
  if (weights.size === 0 && totalCents !== 0) weights.set(parsePercent(LEGACY_VAT_RATE), totalCents);
  const rates = [...weights.keys()].sort((a, b) => b - a);
  const bases = splitInProportion(
    totalCents,
    rates.map((rate) => Math.max(0, weights.get(rate) ?? 0)),
  );
  const breakdown = rates.map((rateHundredths, index) => {
    const baseCents = bases[index] ?? 0;
    return { rateHundredths, baseCents, amountCents: percentOf(baseCents, rateHundredths) };
  });
  const vatCents = sumCents(breakdown.map((entry) => entry.amountCents));
  return {
    vatBreakdown: formatVatBreakdown(breakdown),
    vatAmount: formatMoney(vatCents),
    totalWithVat: formatMoney(sumCents([totalCents, vatCents])),
  };
}

/**
 * A stored quote as the API answers it. Records made before VAT existed read correctly: no reverse
 * charge, lines at 20 % with their selling prices, and the VAT fields derived from the stored HT
 * (`legacyVat`). A quote stored with its VAT fields is answered as stored.
 */
export function quoteAsRead(stored: Quote): Quote {
  const items = stored.items?.map((item) => itemAsRead(stored, item));
  const quote: Quote = {
    ...stored,
    reverseCharge: stored.reverseCharge ?? false,
    ...(items ? { sections: stored.sections ?? [] } : {}),
  };
  if (items) quote.items = items;
  if (
    stored.vatBreakdown === undefined ||
    stored.vatAmount === undefined ||
    stored.totalWithVat === undefined
  ) {
    Object.assign(quote, legacyVat(stored, items));
  }
  return quote;
}

/**
 * Replaces a quote's lines and recomputes subtotal, overhead, margin and total, in one write
 * guarded by the quote's version (the one the caller read, when given). `check` may refuse the
 * quote as read (e.g. one that is no longer a draft) by throwing; the write is conditioned on that
 * very version.
 */
export function replaceQuoteItems(
  companyId: string,
  quoteId: string,
  lines: QuoteRowData[],
  expectedVersion?: number,
  check?: (current: Quote) => void,
  context: PricingContext = defaultPricingContext,
): Promise<Quote> {
  return quotes.update(
    companyId,
    quoteId,
    (current) => {
      check?.(current);
      return nextDraft(companyId, current, {}, lines, context);
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
      withFigureImage(
        {
          Delete: {
            TableName: tableName(),
            Key: quotes.key(companyId, current.id),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': current.version },
          },
        },
        { type: quotes.type, companyId, before: current },
      ),
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

/** The editable part of a stored line. */
export function lineOf(item: QuoteItem): QuoteItemData {
  return {
    resourceType: item.resourceType,
    description: item.description,
    unit: item.unit,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    supplierId: item.supplierId,
    notes: item.notes,
    vatRate: item.vatRate,
    sortOrder: item.sortOrder,
    articleId: item.articleId,
    ouvrageId: item.ouvrageId,
    components: item.components,
    section: item.section,
  };
}

/** Every attribute of a stored quote but its lines: what `GET /api/quotes` reads. */
export const quoteListAttributes = [
  'id',
  'createdAt',
  'updatedAt',
  'version',
  'companyId',
  ...quoteFieldNames,
  'number',
  'subtotalAmount',
  'overheadAmount',
  'marginAmount',
  'totalAmount',
  'vatBreakdown',
  'vatAmount',
  'totalWithVat',
  'sentAt',
  'validatedAt',
  'acceptedAt',
  'signerName',
  'acceptedFromIp',
  'signatureDocumentId',
  'signedPdfDocumentId',
  'pdfDocumentId',
  'emailStatus',
] as const satisfies readonly Exclude<keyof Quote & string, 'items' | 'sections' | 'seller' | 'buyer'>[];

/** A quote as lists show it: without its lines. */
export function withoutItems(quote: Quote): Quote {
  const { items: _items, sections: _sections, ...rest } = quote;
  return rest as Quote;
}
