import { describe, expect, it } from 'vitest';
import { revenueHtCents, type InvoiceAmounts } from '../finance.js';
import { invoiceTotals } from '../invoice-totals.js';
import { formatMoney, parseMoney, sumCents } from '../money.js';
import { computeSituation, FULL_PERCENT, type RateAmount } from '../situations.js';
import { seededRandom } from '../testing/seeded-random.js';
import { depositByRate } from '../vat.js';
import { resourceTypes, type ResourceType } from '../enums.js';
import {
  purchaseEntry,
  supplierRemainingCents,
  supplierTotals,
  type SupplierInvoiceAmounts,
} from '../supplier-invoice-figures.js';
import { defaultChartOfAccounts, purchaseUseOfResourceType } from './chart.js';
import {
  entryTotals,
  letteringCode,
  purchaseGroupEntries,
  saleGroupEntries,
  type Entry,
  type EntryLine,
  type PurchaseDocument,
  type SaleDocument,
} from './entries.js';

const chart = defaultChartOfAccounts();
const client = { number: 'C00001', label: 'Dupont SA' };
const supplier = { number: 'F00001', label: 'Point P' };
const later = '2099-12-31';
let sequence = 0;

/** An issued customer document from its lines (quantity, unit price HT, rate), priced by the shared rule. */
function sale(
  lines: [string, string, string][],
  fields: Partial<SaleDocument> & { retentionCents?: number } = {},
): SaleDocument {
  sequence += 1;
  const totals = invoiceTotals({
    lines: lines.map(([quantity, unitPrice, vatRate]) => ({ quantity, unitPrice, vatRate })),
  });
  const retention = fields.retentionCents ?? 0;
  return {
    id: `inv-${sequence}`,
    kind: 'standard',
    status: 'sent',
    number: `FAC-2026-${String(sequence).padStart(4, '0')}`,
    issueDate: '2026-03-02',
    title: 'Rénovation',
    lines: totals.lines,
    vatBreakdown: totals.vatBreakdown,
    retentionAmount: formatMoney(retention),
    amountDue: formatMoney(parseMoney(totals.totalWithVat) - retention),
    totalAmount: totals.totalAmount,
    totalWithVat: totals.totalWithVat,
    payments: [],
    ...fields,
  } as SaleDocument;
}

const pay = (amount: string, day: string) => ({ amount, paidAt: `${day}T10:00:00.000Z` });

/** [account, debit, credit] of each line, amounts in euros. */
function shape(entry: Entry): [string, string, string][] {
  return entry.lines.map((line) => [line.account.number, formatMoney(line.debit), formatMoney(line.credit)]);
}

/** Debit = credit, no negative amount, each line on one side. */
function expectBalanced(entry: Entry): void {
  const totals = entryTotals(entry);
  expect(totals.debit, `${entry.journal} ${entry.pieceRef}`).toBe(totals.credit);
  for (const entryLine of entry.lines) {
    expect(entryLine.debit >= 0 && entryLine.credit >= 0).toBe(true);
    expect((entryLine.debit === 0) !== (entryLine.credit === 0)).toBe(true);
  }
}

function netOf(entries: readonly Entry[], predicate: (line: EntryLine) => boolean): number {
  return sumCents(
    entries.flatMap((entry) => entry.lines.filter(predicate).map((line) => line.credit - line.debit)),
  );
}

describe('sales entries (VE) and customer payments (BQ)', () => {
  it('books an invoice on its issue day and two payments that move the VAT from 445740 to 445710', () => {
    const invoice = sale([['1', '1000.00', '20.00']], {
      status: 'paid',
      payments: [pay('600.00', '2026-03-10'), pay('600.00', '2026-04-05')],
    });
    const entries = saleGroupEntries({ invoice, creditNotes: [], client, vatOnReceipts: true }, chart, later);
    expect(entries.map((entry) => [entry.journal, entry.date])).toEqual([
      ['VE', '2026-03-02'],
      ['BQ', '2026-03-10'],
      ['BQ', '2026-04-05'],
    ]);
    expect(shape(entries[0] as Entry)).toEqual([
      ['411000', '1200.00', '0.00'],
      ['704000', '0.00', '1000.00'],
      ['445740', '0.00', '200.00'],
    ]);
    expect(shape(entries[1] as Entry)).toEqual([
      ['512000', '600.00', '0.00'],
      ['411000', '0.00', '600.00'],
      ['445740', '100.00', '0.00'],
      ['445710', '0.00', '100.00'],
    ]);
    expect(entries[0]?.lines[0]?.aux).toEqual(client);
    expect(entries[0]?.pieceRef).toBe(invoice.number);
    expect(entries[0]?.label).toBe('Dupont SA - Rénovation');
    // Settled on 5 April: the three client lines share one code and that day.
    const clientLines = entries.flatMap((entry) =>
      entry.lines.filter((line) => line.account.number === '411000'),
    );
    expect(new Set(clientLines.map((line) => JSON.stringify(line.letter)))).toEqual(
      new Set([JSON.stringify({ code: letteringCode(invoice.number as string), date: '2026-04-05' })]),
    );
  });

  it('letters nothing while the invoice is not settled on the day the books are lettered up to', () => {
    const invoice = sale([['1', '1000.00', '20.00']], {
      status: 'paid',
      payments: [pay('600.00', '2026-03-10'), pay('600.00', '2026-04-05')],
    });
    const entries = saleGroupEntries(
      { invoice, creditNotes: [], client, vatOnReceipts: true },
      chart,
      '2026-03-31',
    );
    expect(entries.flatMap((entry) => entry.lines).some((line) => line.letter)).toBe(false);
  });

  it('splits a payment over two rates in proportion to their TTC', () => {
    const invoice = sale(
      [
        ['1', '1000.00', '20.00'],
        ['1', '500.00', '10.00'],
      ],
      { payments: [pay('875.00', '2026-03-10')] },
    );
    const [, payment] = saleGroupEntries(
      { invoice, creditNotes: [], client, vatOnReceipts: true },
      chart,
      later,
    );
    // 1 200 and 550 TTC: 600 and 275 of the payment, carrying 100 and 25 of VAT.
    expect(shape(payment as Entry)).toEqual([
      ['512000', '875.00', '0.00'],
      ['411000', '0.00', '875.00'],
      ['445740', '100.00', '0.00'],
      ['445710', '0.00', '100.00'],
      ['445740', '25.00', '0.00'],
      ['445710', '0.00', '25.00'],
    ]);
  });

  it('moves all the pending VAT at the last payment of an invoice marked paid, even a cent short', () => {
    const invoice = sale([['1', '1000.00', '20.00']], {
      status: 'paid',
      payments: [pay('1199.99', '2026-03-10')],
    });
    const entries = saleGroupEntries({ invoice, creditNotes: [], client, vatOnReceipts: true }, chart, later);
    expect(shape(entries[1] as Entry).slice(2)).toEqual([
      ['445740', '200.00', '0.00'],
      ['445710', '0.00', '200.00'],
    ]);
    // It does not balance: the client's account stays open, unlettered.
    expect(entries.flatMap((entry) => entry.lines).some((line) => line.letter)).toBe(false);
  });

  it('credits VAT collected directly for a company that opted for the debits, and moves nothing at payment', () => {
    const invoice = sale([['1', '1000.00', '20.00']], { payments: [pay('1200.00', '2026-03-10')] });
    const [issued, payment] = saleGroupEntries(
      { invoice, creditNotes: [], client, vatOnReceipts: false },
      chart,
      later,
    );
    expect(shape(issued as Entry)[2]).toEqual(['445710', '0.00', '200.00']);
    expect(shape(payment as Entry)).toEqual([
      ['512000', '1200.00', '0.00'],
      ['411000', '0.00', '1200.00'],
    ]);
  });

  it('books a deposit on 419100, and the final invoice debits 419100 by the deduction', () => {
    const deposit = sale([['1', '3000.00', '20.00']], { kind: 'deposit' });
    const final = sale([
      ['1', '10000.00', '20.00'],
      ['-1', '3000.00', '20.00'],
    ]);
    const [depositEntry] = saleGroupEntries(
      { invoice: deposit, creditNotes: [], client, vatOnReceipts: true },
      chart,
      later,
    );
    const [finalEntry] = saleGroupEntries(
      { invoice: final, creditNotes: [], client, vatOnReceipts: true },
      chart,
      later,
    );
    expect(shape(depositEntry as Entry)).toEqual([
      ['411000', '3600.00', '0.00'],
      ['419100', '0.00', '3000.00'],
      ['445740', '0.00', '600.00'],
    ]);
    expect(shape(finalEntry as Entry)).toEqual([
      ['411000', '8400.00', '0.00'],
      ['419100', '3000.00', '0.00'],
      ['704000', '0.00', '10000.00'],
      ['445740', '0.00', '1400.00'],
    ]);
  });

  it('books a situation’s retention on 411700 and letters it with its release', () => {
    const situation = sale([['1', '1000.00', '20.00']], {
      kind: 'progress',
      status: 'paid',
      retentionCents: 6000,
      payments: [pay('1140.00', '2026-03-20')],
      retentionReleasedAt: '2027-03-25',
    });
    const entries = saleGroupEntries(
      { invoice: situation, creditNotes: [], client, vatOnReceipts: true },
      chart,
      later,
    );
    expect(shape(entries[0] as Entry)).toEqual([
      ['411000', '1140.00', '0.00'],
      ['411700', '60.00', '0.00'],
      ['704000', '0.00', '1000.00'],
      ['445740', '0.00', '200.00'],
    ]);
    expect(shape(entries[1] as Entry)).toEqual([
      ['512000', '1140.00', '0.00'],
      ['411000', '0.00', '1140.00'],
      ['445740', '190.00', '0.00'],
      ['445710', '0.00', '190.00'],
    ]);
    expect(shape(entries[2] as Entry)).toEqual([
      ['512000', '60.00', '0.00'],
      ['411700', '0.00', '60.00'],
      ['445740', '10.00', '0.00'],
      ['445710', '0.00', '10.00'],
    ]);
    const retentionLetters = entries.flatMap((entry) =>
      entry.lines.filter((line) => line.account.number === '411700').map((line) => line.letter?.date),
    );
    expect(retentionLetters).toEqual(['2027-03-25', '2027-03-25']);
  });

  it('reverses a credit note, taking its VAT from 445740 while the invoice is unpaid', () => {
    const invoice = sale([['2', '500.00', '20.00']], {
      status: 'paid',
      creditedAmount: '600.00',
      payments: [pay('600.00', '2026-03-20')],
    });
    const note = sale([['1', '500.00', '20.00']], {
      kind: 'credit_note',
      number: 'AV-2026-0001',
      issueDate: '2026-03-10',
      creditedInvoiceId: invoice.id,
    });
    const entries = saleGroupEntries(
      { invoice, creditNotes: [note], client, vatOnReceipts: true },
      chart,
      later,
    );
    expect(entries.map((entry) => entry.pieceRef)).toEqual([invoice.number, 'AV-2026-0001', invoice.number]);
    expect(shape(entries[1] as Entry)).toEqual([
      ['411000', '0.00', '600.00'],
      ['704000', '500.00', '0.00'],
      ['445740', '100.00', '0.00'],
    ]);
    // The payment of what remains settles it: the last 100 of VAT move.
    expect(shape(entries[2] as Entry).slice(2)).toEqual([
      ['445740', '100.00', '0.00'],
      ['445710', '0.00', '100.00'],
    ]);
    expect(netOf(entries, (line) => line.account.number === '445740')).toBe(0);
    expect(entries.flatMap((entry) => entry.lines).filter((line) => line.letter).length).toBe(3);
  });

  it('takes a credit note’s VAT from 445710 once the invoice was paid', () => {
    const invoice = sale([['1', '500.00', '20.00']], {
      status: 'cancelled',
      creditedAmount: '600.00',
      payments: [pay('600.00', '2026-03-05')],
    });
    const note = sale([['1', '500.00', '20.00']], {
      kind: 'credit_note',
      issueDate: '2026-03-10',
      creditedInvoiceId: invoice.id,
    });
    const entries = saleGroupEntries(
      { invoice, creditNotes: [note], client, vatOnReceipts: true },
      chart,
      later,
    );
    expect(shape(entries[2] as Entry)).toEqual([
      ['411000', '0.00', '600.00'],
      ['704000', '500.00', '0.00'],
      ['445710', '100.00', '0.00'],
    ]);
  });

  it('gives a draft invoice no entry, and the lettering codes are stable letters', () => {
    expect(
      saleGroupEntries(
        {
          invoice: sale([['1', '1.00', '20.00']], { status: 'draft' }),
          creditNotes: [],
          client,
          vatOnReceipts: true,
        },
        chart,
        later,
      ),
    ).toEqual([]);
    expect(letteringCode('FAC-2026-0042')).toBe(letteringCode('FAC-2026-0042'));
    expect(letteringCode('FAC-2026-0042')).toMatch(/^[A-Z]+$/);
    expect(letteringCode('FAC-2026-0042')).not.toBe(letteringCode('FAC-2025-0042'));
    expect(letteringCode('AA-1')).toMatch(/^[A-Z]{5,6}$/);
  });
});

describe('purchase entries (HA) and supplier payments (BQ)', () => {
  const recorded = (fields: Partial<PurchaseDocument>): PurchaseDocument => ({
    id: `si-${(sequence += 1)}`,
    kind: 'invoice',
    status: 'sent',
    number: `FF-2026-${String(sequence).padStart(4, '0')}`,
    issueDate: '2026-03-03',
    supplierReference: 'PP-778',
    lines: [
      { total: '100.00', resourceType: 'materials' },
      { total: '50.00', resourceType: 'rental' },
    ],
    netAmount: '150.00',
    vatBreakdown: [{ rate: '20.00', base: '150.00', amount: '30.00' }],
    vatAmount: '30.00',
    totalAmount: '180.00',
    ...fields,
  });

  it('credits the supplier the TTC and debits each resource type’s account its HT', () => {
    const invoice = recorded({ paidAmount: '180.00', paidAt: '2026-03-28T09:00:00.000Z', status: 'paid' });
    const entries = purchaseGroupEntries({ invoice, creditNotes: [], supplier }, chart, later);
    expect(shape(entries[0] as Entry)).toEqual([
      ['401000', '0.00', '180.00'],
      ['601000', '100.00', '0.00'],
      ['613500', '50.00', '0.00'],
      ['445660', '30.00', '0.00'],
    ]);
    expect(entries[0]?.label).toBe('Point P - PP-778');
    expect(shape(entries[1] as Entry)).toEqual([
      ['512000', '0.00', '180.00'],
      ['401000', '180.00', '0.00'],
    ]);
    expect(entries[1]?.date).toBe('2026-03-28');
    expect(
      entries.flatMap((entry) => entry.lines).filter((line) => line.letter?.date === '2026-03-28'),
    ).toHaveLength(2);
  });

  it('spreads a document allowance over the accounts, books a credit note reversed and a record without VAT at its TTC', () => {
    const invoice = recorded({
      netAmount: '140.00',
      vatBreakdown: [{ rate: '20.00', base: '140.00', amount: '28.00' }],
      vatAmount: '28.00',
      totalAmount: '168.00',
      creditNotes: [{ id: 'n' }],
    });
    const note = recorded({
      id: 'n',
      kind: 'credit_note',
      creditedInvoiceId: invoice.id,
      lines: [{ total: '50.00', resourceType: 'rental' }],
      netAmount: '50.00',
      vatBreakdown: [{ rate: '20.00', base: '50.00', amount: '10.00' }],
      vatAmount: '10.00',
      totalAmount: '60.00',
    });
    const entries = purchaseGroupEntries({ invoice, creditNotes: [note], supplier }, chart, later);
    // −10 on 150: −6.67 and −3.33, the cent to the largest remainder.
    expect(shape(entries[0] as Entry).slice(1, 3)).toEqual([
      ['601000', '93.33', '0.00'],
      ['613500', '46.67', '0.00'],
    ]);
    expect(shape(entries[1] as Entry)).toEqual([
      ['401000', '60.00', '0.00'],
      ['613500', '0.00', '50.00'],
      ['445660', '0.00', '10.00'],
    ]);
    const withoutVat = recorded({
      lines: [{ total: '120.00' }],
      netAmount: undefined,
      vatBreakdown: [],
      vatAmount: undefined,
      totalAmount: '120.00',
      vatDetailed: false,
    });
    expect(
      shape(
        purchaseGroupEntries({ invoice: withoutVat, creditNotes: [], supplier }, chart, later)[0] as Entry,
      ),
    ).toEqual([
      ['401000', '0.00', '120.00'],
      ['606000', '120.00', '0.00'],
    ]);
  });

  it('leaves out drafts and records cancelled without a credit note, and books a refunded credit note', () => {
    expect(
      purchaseGroupEntries(
        { invoice: recorded({ status: 'draft' }), creditNotes: [], supplier },
        chart,
        later,
      ),
    ).toEqual([]);
    expect(
      purchaseGroupEntries(
        { invoice: recorded({ status: 'cancelled' }), creditNotes: [], supplier },
        chart,
        later,
      ),
    ).toEqual([]);
    const note = recorded({
      kind: 'credit_note',
      status: 'paid',
      paidAmount: '180.00',
      paidAt: '2026-04-02T08:00:00.000Z',
    });
    const [credit, refund] = purchaseGroupEntries({ invoice: note, creditNotes: [], supplier }, chart, later);
    expect(shape(credit as Entry)[0]).toEqual(['401000', '180.00', '0.00']);
    expect(shape(refund as Entry)).toEqual([
      ['512000', '180.00', '0.00'],
      ['401000', '0.00', '180.00'],
    ]);
    expect(refund?.label).toBe('Remboursement - Point P - ' + note.number);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random contracts (seeded: a failure names its case)
// ---------------------------------------------------------------------------------------------

const rates = ['20.00', '10.00', '5.50', '2.10', '0.00'] as const;

interface Contract {
  documents: SaleDocument[];
  groups: { invoice: SaleDocument; creditNotes: SaleDocument[] }[];
}

/** Pays `invoice` what remains, in 1 to 3 payments, within March 2026. */
function payInFull(invoice: SaleDocument, random: ReturnType<typeof seededRandom>): void {
  const remaining = parseMoney(invoice.amountDue as string) - parseMoney(invoice.creditedAmount ?? '0.00');
  const count = random.int(1, 3);
  const payments: { amount: string; paidAt: string }[] = [];
  let left = remaining;
  for (let index = 0; index < count && left > 0; index += 1) {
    const cents = index === count - 1 ? left : random.int(1, left);
    left -= cents;
    payments.push(pay(formatMoney(cents), `2026-03-${String(10 + index * 5).padStart(2, '0')}`));
  }
  invoice.payments = payments;
  invoice.paidAmount = formatMoney(remaining);
  invoice.status = remaining > 0 || invoice.status !== 'cancelled' ? 'paid' : invoice.status;
}

/** A contract of random lines: standard invoices with credit notes, or a deposit then situations to 100 %. */
function randomContract(random: ReturnType<typeof seededRandom>): Contract {
  const documents: SaleDocument[] = [];
  const groups: Contract['groups'] = [];
  if (random.next() < 0.5) {
    const lines: [string, string, string][] = Array.from({ length: random.int(1, 4) }, () => [
      String(random.int(1, 9)),
      formatMoney(random.int(1, 500_000)),
      random.pick(rates),
    ]);
    const invoice = sale(lines);
    const creditNotes: SaleDocument[] = [];
    if (random.next() < 0.5) {
      const picked = lines
        .slice(0, random.int(1, lines.length))
        .map(([, price, rate]) => ['1', price, rate] as [string, string, string]);
      const note = sale(picked, {
        kind: 'credit_note',
        issueDate: '2026-03-05',
        creditedInvoiceId: invoice.id,
      });
      creditNotes.push(note);
      invoice.creditedAmount = formatMoney(parseMoney(note.amountDue as string));
    }
    payInFull(invoice, random);
    documents.push(invoice, ...creditNotes);
    groups.push({ invoice, creditNotes });
    return { documents, groups };
  }
  // A deposit then situations deducting it, with a retention held then released.
  const contractLines = Array.from({ length: random.int(1, 3) }, (_, index) => ({
    itemId: `L${index}`,
    description: `Ligne ${index}`,
    saleTotalCents: random.int(10_000, 5_000_000),
    rateHundredths: random.pick([2000, 1000, 550]),
  }));
  const basesByRate = new Map<number, number>();
  for (const contractLine of contractLines) {
    basesByRate.set(
      contractLine.rateHundredths,
      (basesByRate.get(contractLine.rateHundredths) ?? 0) + contractLine.saleTotalCents,
    );
  }
  const depositsByRate: RateAmount[] = depositByRate(
    [...basesByRate].map(([rateHundredths, baseCents]) => ({ rateHundredths, baseCents })),
    { percentageHundredths: random.int(0, 3000) },
  ).map((entry) => ({ rateHundredths: entry.rateHundredths, cents: entry.baseCents }));
  const depositCents = sumCents(depositsByRate.map((entry) => entry.cents));
  if (depositCents > 0) {
    const deposit = sale(
      depositsByRate.map((entry) => ['1', formatMoney(entry.cents), formatMoney(entry.rateHundredths)]),
      { kind: 'deposit' },
    );
    payInFull(deposit, random);
    documents.push(deposit);
    groups.push({ invoice: deposit, creditNotes: [] });
  }
  const retentionRate = random.pick([0, 500]);
  let history = {
    amounts: new Map<string, number>(),
    percents: new Map<string, number>(),
    deducted: [] as RateAmount[],
    retention: 0,
  };
  const steps = random.int(1, 3);
  for (let step = 1; step <= steps; step += 1) {
    const percents = new Map(
      contractLines.map((contractLine) => [
        contractLine.itemId,
        step === steps
          ? FULL_PERCENT
          : Math.max(history.percents.get(contractLine.itemId) ?? 0, random.int(0, FULL_PERCENT)),
      ]),
    );
    const figures = computeSituation(
      {
        lines: contractLines.map((contractLine) => ({
          ...contractLine,
          previousAmountCents: history.amounts.get(contractLine.itemId) ?? 0,
          previousPercentHundredths: history.percents.get(contractLine.itemId) ?? 0,
        })),
        depositsByRate,
        deductedBeforeByRate: history.deducted,
        retentionRateHundredths: retentionRate,
        retentionBeforeCents: history.retention,
        noVat: false,
      },
      percents,
    );
    history = {
      amounts: new Map(figures.lines.map((figure) => [figure.itemId, figure.cumulativeAmountCents])),
      percents: new Map(figures.lines.map((figure) => [figure.itemId, figure.cumulativePercentHundredths])),
      deducted: figures.byRate.map((entry) => ({
        rateHundredths: entry.rateHundredths,
        cents: entry.deductedToDateCents,
      })),
      retention: history.retention + figures.retentionCents,
    };
    const situation: SaleDocument = {
      ...sale([['1', '0.00', '20.00']], { kind: 'progress' }),
      lines: figures.totals.lines,
      vatBreakdown: figures.totals.vatBreakdown,
      retentionAmount: formatMoney(figures.retentionCents),
      amountDue: formatMoney(figures.amountDueCents),
      totalAmount: figures.totals.totalAmount,
      totalWithVat: figures.totals.totalWithVat,
      retentionReleasedAt: figures.retentionCents > 0 ? '2026-03-28' : undefined,
    } as SaleDocument;
    payInFull(situation, random);
    documents.push(situation);
    groups.push({ invoice: situation, creditNotes: [] });
  }
  return { documents, groups };
}

describe('properties of the entries over random contracts', () => {
  const random = seededRandom(31);
  const contracts = Array.from({ length: 150 }, () => randomContract(random));
  const entriesOf = (contract: Contract, vatOnReceipts: boolean) =>
    contract.groups.flatMap((group) => saleGroupEntries({ ...group, client, vatOnReceipts }, chart, later));

  it('balances every entry, never writes a negative amount and puts each line on one side', () => {
    for (const contract of contracts) {
      for (const entry of [...entriesOf(contract, true), ...entriesOf(contract, false)])
        expectBalanced(entry);
    }
  });

  it('credits the works accounts, in VE, the revenue HT Finances shows once everything is paid', () => {
    for (const contract of contracts) {
      const entries = entriesOf(contract, true).filter((entry) => entry.journal === 'VE');
      const works = netOf(entries, (entryLine) => entryLine.account.number === '704000');
      expect(works).toBe(revenueHtCents(contract.documents as unknown as InvoiceAmounts[]));
    }
  });

  it('books the VAT of each rate as the invoices’ breakdowns say, less their credit notes’', () => {
    for (const contract of contracts) {
      const entries = entriesOf(contract, false).filter((entry) => entry.journal === 'VE');
      for (const rate of rates) {
        const booked = netOf(
          entries,
          (entryLine) => entryLine.account.number === '445710' && entryLine.rate === rate,
        );
        const stated = sumCents(
          contract.documents.flatMap((document) =>
            document.vatBreakdown
              .filter((entry) => entry.rate === rate)
              .map((entry) => (document.kind === 'credit_note' ? -1 : 1) * parseMoney(entry.amount)),
          ),
        );
        expect(booked, rate).toBe(stated);
      }
    }
  });

  it('nets 419100 to zero once the situations have deducted the deposit, and 445740 once everything is settled', () => {
    for (const contract of contracts) {
      const entries = entriesOf(contract, true);
      expect(netOf(entries, (entryLine) => entryLine.account.number === '419100')).toBe(0);
      expect(netOf(entries, (entryLine) => entryLine.account.number === '445740')).toBe(0);
      // All settled: every client and retention line is lettered.
      const open = entries.flatMap((entry) =>
        entry.lines.filter(
          (entryLine) => ['411000', '411700'].includes(entryLine.account.number) && !entryLine.letter,
        ),
      );
      expect(open).toEqual([]);
    }
  });

  it('splits each payment over the rates so that the VAT moved never exceeds what is pending', () => {
    const random2 = seededRandom(3131);
    for (let round = 0; round < 300; round += 1) {
      const lines: [string, string, string][] = Array.from({ length: random2.int(1, 5) }, () => [
        '1',
        formatMoney(random2.int(1, 2_000_000)),
        random2.pick(rates),
      ]);
      const invoice = sale(lines);
      const due = parseMoney(invoice.amountDue as string);
      const partial = random2.int(1, due);
      invoice.payments = [pay(formatMoney(partial), '2026-03-10')];
      const entries = saleGroupEntries(
        { invoice, creditNotes: [], client, vatOnReceipts: true },
        chart,
        later,
      );
      const moved = netOf(entries, (entryLine) => entryLine.account.number === '445710');
      const vat = sumCents(invoice.vatBreakdown.map((entry) => parseMoney(entry.amount)));
      expect(moved).toBeGreaterThanOrEqual(0);
      expect(moved).toBeLessThanOrEqual(vat);
      // Within a cent per rate of the exact share of the VAT.
      const exact = (vat * partial) / due;
      expect(Math.abs(moved - exact)).toBeLessThanOrEqual(invoice.vatBreakdown.length);
      // The payment's lines add up to it exactly.
      const [, bank] = entries;
      expect(bank?.lines[0]?.debit).toBe(partial);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Purchases: properties over random supplier invoices priced by Achats' own rule
// ---------------------------------------------------------------------------------------------

interface PurchaseCase {
  invoice: PurchaseDocument;
  creditNotes: PurchaseDocument[];
  /** Lines per resource type, HT in cents, of the invoice less its credit notes (no document allowance). */
  byType?: Map<string, number>;
}

/** A recorded supplier document from its lines (HT, rate, resource type), priced as Achats prices it. */
function purchase(
  lines: { total: string; vatRate: string; resourceType: ResourceType }[],
  fields: Partial<PurchaseDocument> & { allowance?: { amount: string; vatRate: string } } = {},
): PurchaseDocument {
  sequence += 1;
  const { allowance, ...rest } = fields;
  const totals = supplierTotals({ lines, allowances: allowance ? [allowance] : undefined });
  return {
    id: `si-${sequence}`,
    kind: 'invoice',
    status: 'sent',
    number: `FF-2026-${String(sequence).padStart(4, '0')}`,
    issueDate: '2026-03-03',
    lines: lines.map(({ total, resourceType }) => ({ total, resourceType })),
    ...totals,
    payments: [],
    paidAmount: '0.00',
    ...rest,
  };
}

function randomPurchase(random: ReturnType<typeof seededRandom>): PurchaseCase {
  const lines = Array.from({ length: random.int(1, 5) }, () => ({
    total: formatMoney(random.int(1, 3_000_000)),
    vatRate: random.pick(rates),
    resourceType: random.pick(resourceTypes),
  }));
  const withAllowance = random.next() < 0.3;
  const allowanceRate = lines[0]?.vatRate ?? '20.00';
  const allowanceCents = Math.min(random.int(1, 50_000), parseMoney(lines[0]?.total ?? '0.00'));
  const invoice = purchase(lines, {
    ...(withAllowance ? { allowance: { amount: formatMoney(allowanceCents), vatRate: allowanceRate } } : {}),
  });
  const creditNotes: PurchaseDocument[] = [];
  for (let index = 0, count = random.int(0, 2); index < count; index += 1) {
    // A credit note of part of one line (never more than the invoice: what the service allows).
    const credited = random.pick(lines);
    const cents = random.int(1, Math.max(1, Math.floor(parseMoney(credited.total) / 3)));
    creditNotes.push(
      purchase([{ ...credited, total: formatMoney(cents) }], {
        kind: 'credit_note',
        creditedInvoiceId: invoice.id,
        issueDate: `2026-03-${String(5 + index).padStart(2, '0')}`,
      }),
    );
  }
  invoice.creditNotes = creditNotes.map((note) => ({
    id: note.id,
    netAmount: note.netAmount,
    totalAmount: note.totalAmount,
  }));
  // An imported e-invoice may say an advance was already paid (BT-113), up to half of what is left.
  const afterNotes =
    parseMoney(invoice.totalAmount) - sumCents(creditNotes.map((note) => parseMoney(note.totalAmount)));
  const prepaid = random.next() < 0.25 ? random.int(1, Math.max(1, Math.floor(afterNotes / 2))) : 0;
  if (prepaid > 0) invoice.prepaidAmount = formatMoney(prepaid);
  // Paid in 0 to 3 payments, in full or not.
  const due = afterNotes - prepaid;
  const payments: { amount: string; paidAt: string }[] = [];
  let left = due;
  const full = random.next() < 0.6;
  for (let index = 0, count = random.int(0, 3); index < count && left > 0; index += 1) {
    const cents = full && index === count - 1 ? left : random.int(1, left);
    left -= cents;
    payments.push(pay(formatMoney(cents), `2026-03-${String(12 + index * 5).padStart(2, '0')}`));
  }
  invoice.payments = payments;
  invoice.paidAmount = formatMoney(due - left);
  invoice.status = left === 0 ? 'paid' : 'sent';
  if (left === 0) invoice.paidAt = payments.at(-1)?.paidAt ?? '2026-03-12T10:00:00.000Z';
  let byType: Map<string, number> | undefined;
  if (!withAllowance) {
    byType = new Map();
    for (const [document, sign] of [
      [invoice, 1],
      ...creditNotes.map((note) => [note, -1] as const),
    ] as const) {
      for (const documentLine of document.lines ?? []) {
        const number = chart.accounts[purchaseUseOfResourceType[documentLine.resourceType ?? 'other']].number;
        byType.set(number, (byType.get(number) ?? 0) + sign * parseMoney(documentLine.total));
      }
    }
  }
  return { invoice, creditNotes, byType };
}

describe('properties of the purchase entries over random supplier invoices', () => {
  const random = seededRandom(2931);
  const cases = Array.from({ length: 200 }, () => randomPurchase(random));
  const entriesOf = ({ invoice, creditNotes }: PurchaseCase) =>
    purchaseGroupEntries({ invoice, creditNotes, supplier }, chart, later);
  const purchaseAccounts = new Set(
    resourceTypes.map((type) => chart.accounts[purchaseUseOfResourceType[type]].number),
  );

  it('balances every HA and BQ entry, never writes a negative amount and puts each line on one side', () => {
    for (const found of cases) {
      for (const entry of entriesOf(found)) expectBalanced(entry);
    }
  });

  it('debits 445660 per rate what the invoice’s VAT breakdown says, less its credit notes’', () => {
    for (const found of cases) {
      const entries = entriesOf(found).filter((entry) => entry.journal === 'HA');
      for (const rate of rates) {
        const booked = 0 - netOf(entries, (line) => line.account.number === '445660' && line.rate === rate);
        const stated = sumCents(
          [found.invoice, ...found.creditNotes].flatMap((document) =>
            (document.vatBreakdown ?? [])
              .filter((entry) => entry.rate === rate)
              .map((entry) => (document.kind === 'credit_note' ? -1 : 1) * parseMoney(entry.amount)),
          ),
        );
        expect(booked, `${found.invoice.number} ${rate}`).toBe(stated);
      }
    }
  });

  it('debits the purchases the HT less the credit notes’ (each resource type’s own when no allowance), as Finances counts a paid invoice', () => {
    for (const found of cases) {
      const entries = entriesOf(found).filter((entry) => entry.journal === 'HA');
      const purchases = 0 - netOf(entries, (line) => purchaseAccounts.has(line.account.number));
      const net =
        parseMoney(found.invoice.netAmount ?? '0.00') -
        sumCents(found.creditNotes.map((note) => parseMoney(note.netAmount ?? '0.00')));
      expect(purchases).toBe(net);
      if (found.invoice.status === 'paid') {
        expect(purchases).toBe(purchaseEntry(found.invoice as SupplierInvoiceAmounts)?.cents);
      }
      for (const [number, cents] of found.byType ?? []) {
        expect(0 - netOf(entries, (line) => line.account.number === number), number).toBe(cents);
      }
    }
  });

  it('books each credit note as its own document booked as an invoice, debit and credit swapped', () => {
    for (const found of cases) {
      const notes = entriesOf(found)
        .filter((entry) => entry.journal === 'HA')
        .slice(1);
      expect(notes).toHaveLength(found.creditNotes.length);
      found.creditNotes.forEach((note, index) => {
        const [asInvoice] = purchaseGroupEntries(
          { invoice: { ...note, kind: 'invoice', creditedInvoiceId: undefined }, creditNotes: [], supplier },
          chart,
          later,
        );
        expect(shape(notes[index] as Entry)).toEqual(
          shape(asInvoice as Entry).map(([account, debit, credit]) => [account, credit, debit]),
        );
      });
    }
  });

  it('leaves on 401 what Achats says is still owed, and letters the supplier’s lines once nothing is', () => {
    for (const found of cases) {
      const entries = entriesOf(found);
      const owed = netOf(entries, (line) => line.account.number === '401000');
      expect(owed, found.invoice.number).toBe(
        found.invoice.status === 'paid' ? 0 : supplierRemainingCents(found.invoice as SupplierInvoiceAmounts),
      );
      const open = entries.flatMap((entry) =>
        entry.lines.filter((line) => line.account.number === '401000' && !line.letter),
      );
      expect(open.length === 0, found.invoice.number).toBe(found.invoice.status === 'paid');
    }
  });
});

describe('purchase entries of imported e-invoices', () => {
  it('owes the supplier an e-invoice’s rounding (BT-114) with the first purchase account, and leaves out one in another currency', () => {
    const rounded = purchase([{ total: '99.99', vatRate: '20.00', resourceType: 'materials' }], {
      roundingAmount: '0.01',
    });
    expect(
      shape(purchaseGroupEntries({ invoice: rounded, creditNotes: [], supplier }, chart, later)[0] as Entry),
    ).toEqual([
      ['401000', '0.00', '120.00'],
      ['601000', '100.00', '0.00'],
      ['445660', '20.00', '0.00'],
    ]);
    const inDollars = purchase([{ total: '100.00', vatRate: '20.00', resourceType: 'materials' }], {
      currency: 'USD',
    });
    expect(purchaseGroupEntries({ invoice: inDollars, creditNotes: [], supplier }, chart, later)).toEqual([]);
    expect(
      purchaseGroupEntries(
        { invoice: { ...inDollars, currency: 'eur' }, creditNotes: [], supplier },
        chart,
        later,
      ),
    ).toHaveLength(1);
  });

  it('takes an advance already paid (BT-113) off the supplier’s due from 409100, and letters the rest once paid', () => {
    const prepaid = purchase([{ total: '1000.00', vatRate: '20.00', resourceType: 'subcontractor' }], {
      prepaidAmount: '360.00',
      payments: [pay('840.00', '2026-03-20')],
      paidAmount: '840.00',
      paidAt: '2026-03-20T10:00:00.000Z',
      status: 'paid',
    });
    const [invoiceEntry, payment] = purchaseGroupEntries(
      { invoice: prepaid, creditNotes: [], supplier },
      chart,
      later,
    );
    expect(shape(invoiceEntry as Entry)).toEqual([
      ['401000', '0.00', '1200.00'],
      ['604000', '1000.00', '0.00'],
      ['445660', '200.00', '0.00'],
      ['401000', '360.00', '0.00'],
      ['409100', '0.00', '360.00'],
    ]);
    expectBalanced(invoiceEntry as Entry);
    expect((invoiceEntry as Entry).lines[3]).toMatchObject({ aux: supplier, label: 'Acompte déjà versé' });
    expect(shape(payment as Entry)).toEqual([
      ['512000', '0.00', '840.00'],
      ['401000', '840.00', '0.00'],
    ]);
    // The supplier's three lines balance: all lettered with one code.
    const supplierLines = [invoiceEntry, payment].flatMap((entry) =>
      (entry as Entry).lines.filter((entryLine) => entryLine.account.number === '401000'),
    );
    expect(supplierLines.map((entryLine) => entryLine.letter?.code)).toEqual(
      Array(3).fill(supplierLines[0]?.letter?.code),
    );
    expect(supplierLines[0]?.letter).toBeDefined();
  });
});
