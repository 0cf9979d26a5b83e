/**
 * « Actualiser les prix » (`POST /api/quotes/{id}/refresh-prices`, docs/library.md): a draft's
 * lines recomputed from the library's current costs, previewed old → new, then saved on demand.
 * A quote that is not a draft never changes (409): the snapshot is the truth of a sent devis.
 */
import type { Quote, QuoteItem, QuoteRowData } from '@btp/shared/entities/quote';
import type { QuoteRefreshPrices, RefreshedFigures } from '@btp/shared/entities/library';
import { refreshedLine } from '@btp/shared/library-costs';
import { formatMoney } from '@btp/shared/money';
import { isQuoteEditable } from '@btp/shared/quote-status';
import { labelOf, quoteStatusLabels } from '@btp/shared/enums';
import { staleVersionMessage } from '../data/entity-repository.js';
import { headingsOf, lineOf, nextDraft, pricedQuote, quoteAsRead, quotes } from '../data/entities/quotes.js';
import { readPricingContext } from '../invoicing/issuer.js';
import { conflict } from '../lib/http-errors.js';
import { readCostBook } from '../library/cost-book.js';

export const refreshMessages = {
  onlyDraft: (status: Quote['status']) =>
    `Ce devis est « ${labelOf(quoteStatusLabels, status, status)} » : seul un devis en brouillon peut être actualisé.`,
};

const figures = (item: Pick<QuoteItem, 'unitPrice' | 'saleUnitPrice' | 'saleTotal'>): RefreshedFigures => ({
  unitPrice: item.unitPrice,
  saleUnitPrice: item.saleUnitPrice,
  saleTotal: item.saleTotal,
});

const totals = (quote: Pick<Quote, 'subtotalAmount' | 'totalAmount' | 'vatAmount' | 'totalWithVat'>) => ({
  subtotalAmount: quote.subtotalAmount,
  totalAmount: quote.totalAmount,
  vatAmount: quote.vatAmount,
  totalWithVat: quote.totalWithVat,
});

/**
 * The refresh of a draft (`apply`: saved, guarded by `version`, else a preview). Reads the quote,
 * the company's pricing context and, once, every article and ouvrage its lines were made from.
 */
export async function refreshQuotePrices(
  companyId: string,
  id: string,
  options: { apply: boolean; version?: number | undefined },
): Promise<QuoteRefreshPrices<Quote>> {
  const [stored, context] = await Promise.all([
    quotes.getOrThrow(companyId, id),
    readPricingContext(companyId),
  ]);
  const current = quoteAsRead(stored);
  if (!isQuoteEditable(current.status)) throw conflict(refreshMessages.onlyDraft(current.status));
  if (options.apply && options.version !== undefined && options.version !== current.version) {
    throw conflict(staleVersionMessage);
  }
  const items = current.items ?? [];
  const articleIds = new Set<string>();
  const ouvrageIds = new Set<string>();
  for (const item of items) {
    for (const source of [item, ...(item.components ?? [])]) {
      if (source.ouvrageId) ouvrageIds.add(source.ouvrageId);
      else if (source.articleId) articleIds.add(source.articleId);
    }
  }
  const book = await readCostBook(companyId, { articleIds, ouvrageIds });
  const currentCost = (kind: 'article' | 'ouvrage', sourceId: string) => {
    const cents = book.costCents(kind, sourceId);
    return cents === undefined ? undefined : formatMoney(cents);
  };
  const refreshed = items.map((item) => refreshedLine(lineOf(item), currentCost));
  const rows: QuoteRowData[] = [...headingsOf(current), ...refreshed.map((entry) => entry.line)];
  const repriced = pricedQuote(
    companyId,
    current,
    refreshed.map((entry) => entry.line),
    context,
    headingsOf(current),
  );
  const newItems = repriced.items ?? [];
  const lines = items.map((item, index) => {
    const entry = refreshed[index];
    const after = newItems[index];
    return {
      itemId: item.id,
      ...(item.description ? { description: item.description } : {}),
      outcome: entry?.outcome ?? 'unchanged',
      missing: entry?.missing ?? 0,
      old: figures(item),
      new: after ? figures(after) : figures(item),
    };
  });
  const changed = lines.filter(
    (line) => line.old.unitPrice !== line.new.unitPrice || line.old.saleTotal !== line.new.saleTotal,
  ).length;
  let saved: Quote | null = null;
  if (options.apply) {
    const updated = await quotes.update(
      companyId,
      id,
      (latest) => {
        const read = quoteAsRead(latest);
        if (!isQuoteEditable(read.status)) throw conflict(refreshMessages.onlyDraft(read.status));
        return nextDraft(companyId, read, {}, rows, context);
      },
      { expectedVersion: options.version ?? current.version },
    );
    saved = quoteAsRead(updated);
  }
  return {
    lines,
    old: totals(current),
    new: totals(repriced),
    changed,
    quote: saved,
  };
}
