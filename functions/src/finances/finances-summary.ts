/**
 * `GET /api/finances/summary`: the Finances screen's figures from the company aggregates
 * (`aggregates/figures.ts`): two batch reads and a few short queries whatever the number of
 * records, then the names of what is listed (5 overdue invoices, 5 clients, 5 suppliers, the
 * situations of 5 quotes with retentions). Same figures as `financesSummaryOfRecords`.
 */
import {
  addYearsToDate,
  changeTenths,
  monthInFrance,
  netProfitCents,
  outstandingCents,
  percentTenthsText,
  previousMonth,
  profitMarginTenths,
} from '@btp/shared/finance';
import { byAmountThenId, FINANCES_LISTED, financesProjectStatuses } from '@btp/shared/finances-listing';
import type { FinancesSummary } from '@btp/shared/finances-summary';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { formatMoney, sumCents } from '@btp/shared/money';
import {
  clientPrefix,
  completedPrefix,
  dueIdsPrefix,
  invoiceAsFigures,
  memberPrefix,
  quoteNumberPrefix,
  retentionPrefix,
  supplierPrefix,
} from '../aggregates/figures.js';
import {
  queryAggregatePrefix,
  queryAggregates,
  readAggregateItems,
  readOverdue,
} from '../aggregates/read.js';
import { clients } from '../data/entities/clients.js';
import { invoices } from '../data/entities/invoices.js';
import { suppliers } from '../data/entities/suppliers.js';

/**
 * The first `FINANCES_LISTED` overdue invoices' ids (those stored overdue first, then by due day,
 * then by id, the oldest first): the first index items before today, one short page.
 */
async function firstOverdueIds(companyId: string, today: string): Promise<string[]> {
  const entries = await queryAggregates(companyId, dueIdsPrefix, `${dueIdsPrefix}${today}`, {
    pageSize: FINANCES_LISTED,
    enough: (found) => found.length >= FINANCES_LISTED,
  });
  return entries.slice(0, FINANCES_LISTED).map((entry) => entry.sk.slice(entry.sk.lastIndexOf('#') + 1));
}

export interface HeldQuote {
  key: string;
  quoteNumber: string | undefined;
  heldCount: number;
  heldCents: number;
  situationIds: string[];
  releasableOn: string | undefined;
  releasable: boolean;
}

/** The quotes whose situations' retention is held, ordered as `retentionsSummary` orders them. */
export async function heldQuotes(companyId: string, today: string): Promise<HeldQuote[]> {
  const items = await queryAggregatePrefix(companyId, retentionPrefix);
  const quotes = items
    .map(({ sk, values }): HeldQuote => {
      const completed = values
        .withPrefix(completedPrefix)
        .map((day) => day.name)
        .sort()
        .at(-1);
      const releasableOn = completed === undefined ? undefined : addYearsToDate(completed, 1);
      return {
        key: sk.slice(retentionPrefix.length),
        quoteNumber: values.withPrefix(quoteNumberPrefix)[0]?.name,
        heldCount: values.get('heldCount'),
        heldCents: values.get('heldCents'),
        situationIds: values.withPrefix(memberPrefix).map((member) => member.name),
        releasableOn,
        releasable: releasableOn !== undefined && releasableOn <= today,
      };
    })
    .filter((quote) => quote.heldCount > 0);
  return quotes.sort(
    (a, b) =>
      Number(b.releasable) - Number(a.releasable) ||
      (a.releasableOn ?? '9999-99-99').localeCompare(b.releasableOn ?? '9999-99-99') ||
      (a.quoteNumber ?? '\uffff').localeCompare(b.quoteNumber ?? '\uffff') ||
      a.key.localeCompare(b.key),
  );
}

function topOf(
  items: { sk: string; values: { get(attribute: string): number } }[],
  prefix: string,
  attribute: string,
) {
  return items
    .map((item) => ({ id: item.sk.slice(prefix.length), cents: item.values.get(attribute) }))
    .filter((party) => party.cents > 0)
    .sort(byAmountThenId)
    .slice(0, FINANCES_LISTED);
}

/** The Finances figures of the company on `now` (France's calendar). */
export async function financesSummary(companyId: string, now: Date = new Date()): Promise<FinancesSummary> {
  const today = calendarDateInFrance(now);
  const month = monthInFrance(now);
  const previous = previousMonth(month);
  const [items, overdue, overdueIds, clientItems, supplierItems, quotes] = await Promise.all([
    readAggregateItems(companyId, [month, previous]),
    readOverdue(companyId, today),
    firstOverdueIds(companyId, today),
    queryAggregatePrefix(companyId, clientPrefix),
    queryAggregatePrefix(companyId, supplierPrefix),
    heldQuotes(companyId, today),
  ]);
  const { totals } = items;
  const thisMonth = items.months.get(month)!;
  const lastMonth = items.months.get(previous)!;
  const topClients = topOf(clientItems, clientPrefix, 'revenue');
  const topSuppliers = topOf(supplierItems, supplierPrefix, 'paidHt');
  const shownQuotes = quotes.slice(0, FINANCES_LISTED);

  // The records listed, and their clients' and suppliers' names.
  const [listed, supplierRecords] = await Promise.all([
    invoices.getMany(companyId, [...overdueIds, ...shownQuotes.flatMap((quote) => quote.situationIds)]),
    suppliers.getMany(
      companyId,
      topSuppliers.map((supplier) => supplier.id),
      ['name'],
    ),
  ]);
  const clientRecords = await clients.getMany(
    companyId,
    [...topClients.map((client) => client.id), ...[...listed.values()].map((invoice) => invoice.clientId)],
    ['name'],
  );
  const clientName = (id: string | undefined | null) => (id ? clientRecords.get(id)?.name : undefined);

  const revenueCents = totals.get('revenue');
  const expensesCents = totals.get('purchasesHt');
  const releasable = quotes.filter((quote) => quote.releasable);
  const upcoming = quotes
    .filter((quote) => !quote.releasable && quote.releasableOn !== undefined)
    .map((quote) => quote.releasableOn!)
    .sort();

  return {
    month,
    revenue: formatMoney(revenueCents),
    expenses: formatMoney(expensesCents),
    expensesWithoutVat: {
      count: totals.get('purchasesNoVat'),
      amount: formatMoney(totals.get('purchasesNoVatCents')),
    },
    netProfit: formatMoney(netProfitCents(revenueCents, expensesCents)),
    marginPercent: percentTenthsText(profitMarginTenths(revenueCents, expensesCents)),
    revenueChangePercent: percentTenthsText(changeTenths(thisMonth.get('revenue'), lastMonth.get('revenue'))),
    expensesChangePercent: percentTenthsText(
      changeTenths(thisMonth.get('purchasesHt'), lastMonth.get('purchasesHt')),
    ),
    cashedInvoices: totals.get('cashedInvoices'),
    pending: { count: totals.get('pending'), amount: formatMoney(totals.get('pendingCents')) },
    overdue: {
      count: overdue.count,
      amount: formatMoney(overdue.cents),
      invoices: overdueIds.flatMap((id) => {
        const invoice = listed.get(id);
        if (!invoice) return [];
        return [
          {
            id,
            title: invoice.title,
            number: invoice.number ?? null,
            clientName: clientName(invoice.clientId) ?? null,
            dueDate: invoice.dueDate ?? null,
            outstanding: formatMoney(
              outstandingCents(invoiceAsFigures(invoice as unknown as Record<string, unknown>)),
            ),
          },
        ];
      }),
    },
    drafts: { count: totals.get('drafts'), amount: formatMoney(totals.get('draftsHt')) },
    creditNotes: { count: totals.get('creditNotes'), amount: formatMoney(totals.get('creditNotesHt')) },
    supplierPending: formatMoney(totals.get('supplierPending')),
    topClients: topClients.map((client) => ({
      id: client.id,
      name: clientName(client.id) ?? 'Inconnu',
      amount: formatMoney(client.cents),
    })),
    topSuppliers: topSuppliers.map((supplier) => ({
      id: supplier.id,
      name: supplierRecords.get(supplier.id)?.name ?? 'Inconnu',
      amount: formatMoney(supplier.cents),
    })),
    projectCounts: Object.fromEntries(
      financesProjectStatuses.map((status) => [status, totals.get(`projects_${status}`)]),
    ) as FinancesSummary['projectCounts'],
    retentions: {
      heldCount: totals.get('retentionsHeld'),
      held: formatMoney(totals.get('retentionsHeldCents')),
      releasableCount: sumCents(releasable.map((quote) => quote.heldCount)),
      releasable: formatMoney(sumCents(releasable.map((quote) => quote.heldCents))),
      nextReleasableOn: upcoming[0] ?? null,
      quoteCount: quotes.length,
      quotes: shownQuotes.map((quote) => {
        const situations = quote.situationIds
          .flatMap((id) => {
            const invoice = listed.get(id);
            return invoice ? [invoice] : [];
          })
          .sort((a, b) => (a.situation?.index ?? 0) - (b.situation?.index ?? 0));
        const first = situations[0];
        return {
          key: quote.key,
          number: quote.quoteNumber ?? first?.number ?? null,
          clientName: clientName(first?.clientId) ?? first?.buyer?.name ?? null,
          situationNumbers: situations.flatMap((invoice) => (invoice.number ? [invoice.number] : [])),
          amount: formatMoney(quote.heldCents),
          releasableOn: quote.releasableOn ?? null,
          releasable: quote.releasable,
        };
      }),
    },
  };
}
