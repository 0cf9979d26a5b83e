/**
 * The bank lines as the screen « Rapprochement bancaire » reads them (docs/accounting.md, « Bank
 * statements »): `GET /api/bank/lines?status=` answers the lines to match (from their `BANKOPEN#`
 * items) with their suggestions against the documents open now, or a page of the matched / ignored
 * ones. Apart from the statements' import and the matching (`bank-service.ts`, `bank-match.ts`), so
 * that the list route starts with the list's code only (issue 27, `bench:lambda`).
 */
import type { BankLine, BankLineStatus } from '@btp/shared/accounting/bank';
import { type OpenDocument, suggestMatches } from '@btp/shared/accounting/bank-matching';
import type { Invoice } from '@btp/shared/entities/invoice';
import { centsOf } from '@btp/shared/finance';
import { formatMoney, parseMoney } from '@btp/shared/money';
import { dueIdsPrefix } from '../aggregates/figures.js';
import { queryAggregatePrefix } from '../aggregates/read.js';
import { bankLines, type BankLineRecord } from '../data/entities/bank-lines.js';
import { invoices } from '../data/entities/invoices.js';
import { supplierInvoiceAsRead, supplierInvoices } from '../data/entities/supplier-invoices.js';
import { suppliers } from '../data/entities/suppliers.js';
import type { Page } from '../data/entity-repository.js';
import { companyPk, sortKeyPrefix } from '../data/keys.js';
import { queryPages } from '../data/query-pages.js';

/** The customer invoices awaiting payment (the due-day index Finances reads) and the supplier invoices with something left to pay. */
export async function openDocuments(companyId: string): Promise<OpenDocument[]> {
  const [dueItems, supplierRecords] = await Promise.all([
    queryAggregatePrefix(companyId, dueIdsPrefix),
    supplierInvoices.listAll(companyId, [
      'kind',
      'status',
      'number',
      'supplierId',
      'supplierReference',
      'totalAmount',
      'paidAmount',
      'prepaidAmount',
      'roundingAmount',
      'creditNotes',
      'creditedInvoiceId',
      'issueDate',
      'dueDate',
      'receivedAt',
      'createdAt',
    ]),
  ]);
  const ids = dueItems.map((item) => item.sk.slice(item.sk.lastIndexOf('#') + 1));
  const customer = await invoices.getMany(companyId, ids, [
    'kind',
    'status',
    'number',
    'buyer',
    'amountDue',
    'totalWithVat',
    'creditedAmount',
    'paidAmount',
    'issueDate',
    'dueDate',
  ] as (keyof Invoice & string)[]);
  const open: OpenDocument[] = [];
  for (const invoice of customer.values()) {
    if (invoice.kind === 'credit_note' || invoice.status === 'paid' || invoice.status === 'cancelled')
      continue;
    const remaining =
      centsOf(invoice.amountDue ?? invoice.totalWithVat) -
      centsOf(invoice.creditedAmount) -
      centsOf(invoice.paidAmount);
    if (remaining <= 0 || !invoice.number) continue;
    open.push({
      kind: 'invoice',
      id: invoice.id,
      number: invoice.number,
      partyName: invoice.buyer?.name ?? '',
      remainingCents: remaining,
      date: invoice.dueDate ?? invoice.issueDate ?? '',
    });
  }
  const openSupplier = (
    await Promise.all(supplierRecords.map((record) => supplierInvoiceAsRead(record as never)))
  ).filter((record) => record.status !== 'draft' && centsOf(record.remainingAmount) > 0);
  const names = await suppliers.getMany(
    companyId,
    openSupplier.map((record) => record.supplierId),
    ['name'],
  );
  for (const record of openSupplier) {
    open.push({
      kind: 'supplier_invoice',
      id: record.id,
      number: record.number,
      supplierReference: record.supplierReference,
      partyName: names.get(record.supplierId)?.name ?? '',
      remainingCents: centsOf(record.remainingAmount),
      date: record.issueDate ?? record.dueDate ?? record.createdAt.slice(0, 10),
    });
  }
  return open;
}

/** A line as the API answers it, with its suggestions when `open` is given and it is to match. */
export function answerOf(line: BankLineRecord, open: readonly OpenDocument[] | undefined): BankLine {
  const suggestions =
    line.status === 'unmatched' && open
      ? suggestMatches(
          {
            date: line.date,
            amountCents: parseMoney(line.amount),
            label: line.label,
            remittance: line.remittance,
            party: line.party,
          },
          open,
        ).map(({ remainingCents, ...suggestion }) => ({
          ...suggestion,
          remaining: formatMoney(remainingCents),
        }))
      : [];
  return {
    id: line.id,
    statementId: line.statementId,
    date: line.date,
    amount: line.amount,
    label: line.label,
    ...(line.reference ? { reference: line.reference } : {}),
    ...(line.remittance ? { remittance: line.remittance } : {}),
    ...(line.party ? { party: line.party } : {}),
    status: line.status,
    ...(line.match ? { match: line.match } : {}),
    suggestions,
    version: line.version,
  };
}

/** The lines to match with their suggestions (all of them, the latest day first), or a page of the others. */
export async function listBankLines(
  companyId: string,
  status: BankLineStatus,
  cursor?: string,
): Promise<Page<BankLine>> {
  if (status === 'unmatched') {
    const ids: string[] = [];
    for await (const page of queryPages({
      ...sortKeyPrefix(companyPk(companyId), 'BANKOPEN#'),
      ConsistentRead: true,
    })) {
      for (const item of page.items) ids.push(String(item.sk).slice('BANKOPEN#'.length));
    }
    const [lines, open] = await Promise.all([bankLines.getMany(companyId, ids), openDocuments(companyId)]);
    return {
      items: [...lines.values()]
        .filter((line) => line.status === 'unmatched')
        .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id))
        .map((line) => answerOf(line, open)),
    };
  }
  const page = await bankLines.list(companyId, { limit: 200, cursor });
  return {
    items: page.items.filter((line) => line.status === status).map((line) => answerOf(line, undefined)),
    nextCursor: page.nextCursor,
  };
}
