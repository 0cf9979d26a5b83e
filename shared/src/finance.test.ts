import { describe, expect, it } from 'vitest';
import { dashboardStatsSchema } from './dashboard-stats.js';
import { sumCents } from './money.js';
import { seededRandom } from './testing/seeded-random.js';
import {
  addYearsToDate,
  amountDueCents,
  centsOf,
  changeTenths,
  formatPercentTenths,
  heldRetentionCents,
  isCashed,
  isPendingInvoice,
  issuedCreditNotes,
  monthInFrance,
  netProfitCents,
  outstandingCents,
  paidCents,
  paidInMonthCents,
  paidTotalCents,
  paymentsOf,
  pendingInvoices,
  pendingSupplierCents,
  percentTenthsText,
  previousMonth,
  profitMarginTenths,
  projectQuantities,
  receivables,
  remainingToPayCents,
  retentionReleasableOn,
  retentionsSummary,
  revenueEntries,
  revenueHtCents,
  revenueHtInMonthCents,
  topPaidTotals,
  worksCompletedOn,
  type InvoiceAmounts,
  type RetentionAmounts,
} from './finance.js';

describe('paid amounts', () => {
  it('counts only paid invoices, their paid amount or else their total', () => {
    expect(paidCents({ status: 'paid', totalAmount: '1000.00', paidAmount: '950.00' })).toBe(95000);
    expect(paidCents({ status: 'paid', totalAmount: '1000.00', paidAmount: '0.00' })).toBe(100000);
    expect(paidCents({ status: 'paid', totalAmount: '1000.00' })).toBe(100000);
    expect(paidCents({ status: 'sent', totalAmount: '1000.00', paidAmount: '400.00' })).toBe(0);
    expect(paidCents({ status: 'draft', totalAmount: '1000.00' })).toBe(0);
    expect(
      paidTotalCents([
        { status: 'paid', totalAmount: '0.10', paidAmount: '0.10' },
        { status: 'paid', totalAmount: '0.20' },
        { status: 'cancelled', totalAmount: '5.00' },
      ]),
    ).toBe(30);
  });

  it('reads unreadable or missing amounts as 0', () => {
    expect(centsOf(undefined)).toBe(0);
    expect(centsOf(null)).toBe(0);
    expect(centsOf('abc')).toBe(0);
    expect(centsOf('1 234,56')).toBe(123456);
    expect(centsOf(12.5)).toBe(1250);
  });
});

describe('margin and change', () => {
  it('computes net profit and the margin in tenths of a percent, exactly', () => {
    expect(netProfitCents(100000, 76600)).toBe(23400);
    expect(profitMarginTenths(100000, 76600)).toBe(234);
    // 1/3 = 33.33… % → 33.3 %; 2/3 = 66.66… % → 66.7 %
    expect(profitMarginTenths(300, 200)).toBe(333);
    expect(profitMarginTenths(300, 100)).toBe(667);
    // A loss is a negative margin.
    expect(profitMarginTenths(100000, 150000)).toBe(-500);
    expect(profitMarginTenths(0, 5000)).toBeNull();
  });

  it('computes the change vs a previous figure, null without a base', () => {
    expect(changeTenths(112500, 100000)).toBe(125);
    expect(changeTenths(80000, 100000)).toBe(-200);
    expect(changeTenths(5000, 0)).toBeNull();
  });

  it('formats percentages as French text with one decimal, "0 %" when nothing to compute', () => {
    expect(formatPercentTenths(234)).toBe('23,4\u00a0%');
    expect(formatPercentTenths(250)).toBe('25,0\u00a0%');
    expect(formatPercentTenths(-52)).toBe('-5,2\u00a0%');
    expect(formatPercentTenths(12345)).toBe('1\u202f234,5\u00a0%');
    expect(formatPercentTenths(null)).toBe('0\u00a0%');
    expect(percentTenthsText(234)).toBe('23.4');
    expect(percentTenthsText(-5)).toBe('-0.5');
    expect(percentTenthsText(null)).toBeNull();
  });
});

describe('months', () => {
  it('places an instant in its month in France', () => {
    expect(monthInFrance('2026-04-30T22:30:00Z')).toBe('2026-05');
    expect(monthInFrance(new Date('2026-04-30T21:30:00Z'))).toBe('2026-04');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-10')).toBe('2026-09');
  });

  it('sums the revenue paid in a month', () => {
    const invoices = [
      { status: 'paid', totalAmount: '100.00', paidAmount: '100.00', paidAt: '2026-05-01T08:00:00Z' },
      { status: 'paid', totalAmount: '50.00', paidAmount: '50.00', paidAt: '2026-04-30T22:30:00Z' },
      { status: 'paid', totalAmount: '20.00', paidAmount: '20.00', paidAt: '2026-04-30T21:30:00Z' },
      { status: 'paid', totalAmount: '7.00', paidAmount: '7.00' },
      { status: 'sent', totalAmount: '999.00', paidAt: '2026-05-02T08:00:00Z' },
    ];
    expect(paidInMonthCents(invoices, '2026-05')).toBe(15000);
    expect(paidInMonthCents(invoices, '2026-04')).toBe(2000);
  });
});

describe('pending amounts', () => {
  it('counts what remains owed on sent and overdue invoices', () => {
    expect(outstandingCents({ status: 'sent', totalAmount: '100.00', paidAmount: '30.00' })).toBe(7000);
    expect(outstandingCents({ status: 'paid', totalAmount: '100.00' })).toBe(0);
    expect(outstandingCents({ status: 'draft', totalAmount: '100.00' })).toBe(0);
    expect(
      receivables(
        [
          { status: 'sent', totalAmount: '100.00', dueDate: '2026-05-01' },
          { status: 'sent', totalAmount: '50.00', dueDate: '2026-06-01' },
          { status: 'draft', totalAmount: '10.00', dueDate: '2026-01-01' },
          { status: 'paid', totalAmount: '10.00', dueDate: '2026-01-01' },
        ],
        '2026-05-10',
      ),
    ).toEqual({ count: 2, cents: 15000, overdueCount: 1, overdueCents: 10000 });
  });

  it('is one rule: issued and unpaid (sent or overdue), never a draft nor a credit note', () => {
    const invoices: InvoiceAmounts[] = [
      { id: 'draft', status: 'draft', totalWithVat: '120.00' },
      { id: 'sent', status: 'sent', totalWithVat: '1200.00', paidAmount: '200.00', creditedAmount: '100.00' },
      { id: 'overdue', status: 'overdue', totalWithVat: '60.00' },
      { id: 'paid', status: 'paid', totalWithVat: '50.00', paidAmount: '50.00' },
      { id: 'cancelled', status: 'cancelled', totalWithVat: '30.00' },
      { id: 'note', kind: 'credit_note', status: 'sent', totalWithVat: '100.00', creditedInvoiceId: 'sent' },
    ];
    expect(invoices.filter(isPendingInvoice).map((invoice) => invoice.id)).toEqual(['sent', 'overdue']);
    const pending = pendingInvoices(invoices);
    // TTC, less what was paid and what the credit note cancelled.
    expect(pending.map(({ invoice, outstandingCents: cents }) => [invoice.id, cents])).toEqual([
      ['sent', 90000],
      ['overdue', 6000],
    ]);
    // The total Facturation and the dashboard show is the sum of those very amounts.
    const owed = receivables(invoices, '2026-05-10');
    expect(owed.count).toBe(pending.length);
    expect(owed.cents).toBe(96000);
  });

  it('sums supplier invoices neither paid nor cancelled', () => {
    expect(
      pendingSupplierCents([
        { status: 'draft', totalAmount: '10.00' },
        { status: 'sent', totalAmount: '100.00', paidAmount: '40.00' },
        { status: 'overdue', totalAmount: '5.00' },
        { status: 'paid', totalAmount: '1000.00' },
        { status: 'cancelled', totalAmount: '1000.00' },
      ]),
    ).toBe(7500);
  });
});

describe('projectQuantities', () => {
  it('derives realized and balance from the estimated budget and the progress', () => {
    expect(projectQuantities({ estimatedBudget: '10000.00', progress: 45 })).toEqual({
      plannedCents: 1000000,
      realizedCents: 450000,
      balanceCents: 550000,
    });
    // 33 % of 0.05 € = 0.0165 € → 0.02 €
    expect(projectQuantities({ estimatedBudget: '0.05', progress: 33 }).realizedCents).toBe(2);
    expect(projectQuantities({ progress: 80 })).toEqual({
      plannedCents: 0,
      realizedCents: 0,
      balanceCents: 0,
    });
    expect(projectQuantities({ estimatedBudget: '100.00' }).realizedCents).toBe(0);
  });
});

describe('topPaidTotals', () => {
  it('ranks keys by paid total, largest first, leaving out unpaid ones', () => {
    const invoices = [
      { clientId: 'a', status: 'paid', totalAmount: '10.00' },
      { clientId: 'b', status: 'paid', totalAmount: '30.00' },
      { clientId: 'a', status: 'paid', totalAmount: '25.00' },
      { clientId: 'c', status: 'sent', totalAmount: '500.00' },
      { clientId: null, status: 'paid', totalAmount: '500.00' },
    ];
    expect(topPaidTotals(invoices, (invoice) => invoice.clientId)).toEqual([
      { key: 'a', cents: 3500 },
      { key: 'b', cents: 3000 },
    ]);
    expect(topPaidTotals(invoices, (invoice) => invoice.clientId, 1)).toEqual([{ key: 'a', cents: 3500 }]);
  });
});

describe('dashboardStatsSchema', () => {
  const raw = {
    month: '2026-05',
    monthlyRevenue: '1234.50',
    previousMonthRevenue: '0.00',
    monthlyRevenueChangePercent: null,
    revenuePaid: '1234.50',
    expensesPaid: '945.62',
    expensesWithoutVatDetail: 1,
    expensesWithoutVatDetailValue: '45.62',
    netProfit: '288.88',
    profitMarginPercent: '23.4',
    pendingQuotesValue: '0.00',
    pendingQuotesValueWithVat: '0.00',
    pendingInvoices: 1,
    pendingInvoicesValue: '120.00',
    overdueInvoices: 0,
    overdueInvoicesValue: '0.00',
    creditNotes: 1,
    creditNotesValue: '50.00',
    creditNotesValueWithVat: '60.00',
    pendingSupplierInvoicesValue: '0.00',
    retentionsHeld: 2,
    retentionsHeldValue: '2100.00',
  };
  const stats = {
    activeProjects: 2,
    monthlyRevenue: '1\u202f234,50\u00a0€',
    pendingQuotes: 1,
    profitMargin: '23,4\u00a0%',
    raw,
  };

  it('describes the answer of GET /api/dashboard/stats', () => {
    expect(dashboardStatsSchema.parse(stats)).toEqual(stats);
    expect(dashboardStatsSchema.safeParse({ ...stats, activeProjects: '2' }).success).toBe(false);
  });

  it('reads an answer made before credit notes (and supplier VAT details) existed with their figures at zero', () => {
    const {
      pendingQuotesValueWithVat: _withVat,
      creditNotes: _count,
      creditNotesValue: _value,
      creditNotesValueWithVat: _valueWithVat,
      retentionsHeld: _retentions,
      retentionsHeldValue: _retentionsValue,
      expensesWithoutVatDetail: _withoutVat,
      expensesWithoutVatDetailValue: _withoutVatValue,
      ...older
    } = raw;
    expect(dashboardStatsSchema.parse({ ...stats, raw: older }).raw).toMatchObject({
      pendingQuotesValueWithVat: '0.00',
      creditNotes: 0,
      creditNotesValue: '0.00',
      creditNotesValueWithVat: '0.00',
      retentionsHeld: 0,
      retentionsHeldValue: '0.00',
      expensesWithoutVatDetail: 0,
      expensesWithoutVatDetailValue: '0.00',
    });
  });
});

describe('HT revenue and TTC receivables with credit notes', () => {
  // An invoice of 1000.00 HT (1200.00 TTC), paid in April; credit notes of 100.00 HT (120.00 TTC)
  // issued in May, and of 50.00 HT issued in March (before the payment); a draft one (nothing).
  const paid: InvoiceAmounts = {
    id: 'p',
    status: 'paid',
    totalAmount: '1000.00',
    totalWithVat: '1200.00',
    amountDue: '1200.00',
    creditedAmount: '180.00',
    paidAmount: '1020.00',
    paidAt: '2026-04-20T10:00:00Z',
  };
  const notes: InvoiceAmounts[] = [
    {
      id: 'n1',
      kind: 'credit_note',
      status: 'sent',
      totalAmount: '100.00',
      totalWithVat: '120.00',
      creditedInvoiceId: 'p',
      issueDate: '2026-05-02',
    },
    {
      id: 'n2',
      kind: 'credit_note',
      status: 'sent',
      totalAmount: '50.00',
      totalWithVat: '60.00',
      creditedInvoiceId: 'p',
      issueDate: '2026-03-10',
    },
    {
      id: 'n3',
      kind: 'credit_note',
      status: 'draft',
      totalAmount: '70.00',
      totalWithVat: '84.00',
      creditedInvoiceId: 'p',
    },
  ];

  it('counts the HT of cashed invoices less their issued credit notes, each in its month', () => {
    expect(revenueHtCents([paid, ...notes])).toBe(85000);
    // n2 was issued before the payment: it lowers the month of the payment, April.
    expect(revenueHtInMonthCents([paid, ...notes], '2026-04')).toBe(95000);
    expect(revenueHtInMonthCents([paid, ...notes], '2026-05')).toBe(-10000);
    expect(revenueHtInMonthCents([paid, ...notes], '2026-03')).toBe(0);
    expect(revenueEntries([paid, ...notes])).toEqual([
      { cents: 100000, month: '2026-04' },
      { cents: -10000, month: '2026-05' },
      { cents: -5000, month: '2026-04' },
    ]);
  });

  it('never counts a credit note of an invoice not cashed, nor a credit note itself', () => {
    const unpaid = { ...paid, status: 'sent', paidAmount: '0.00', paidAt: undefined };
    expect(revenueHtCents([unpaid, ...notes])).toBe(0);
    // Cancelled before any payment: nothing; paid, then cancelled: its HT less its credit notes.
    expect(isCashed({ status: 'cancelled', totalAmount: '10.00' })).toBe(false);
    expect(isCashed({ status: 'cancelled', totalAmount: '10.00', paidAmount: '12.00' })).toBe(true);
    expect(isCashed({ status: 'paid', kind: 'credit_note' })).toBe(false);
    const refunded = { ...paid, status: 'cancelled', creditedAmount: '1200.00' };
    const full = { ...notes[0]!, totalAmount: '1000.00', totalWithVat: '1200.00' };
    expect(revenueHtCents([refunded, full])).toBe(0);
  });

  it('measures what remains to pay, TTC, against the amount due, credited and paid', () => {
    expect(amountDueCents({ status: 'sent', totalAmount: '100.00', totalWithVat: '120.00' })).toBe(12000);
    expect(amountDueCents({ status: 'sent', totalAmount: '100.00' })).toBe(10000);
    expect(
      remainingToPayCents({
        status: 'sent',
        amountDue: '1200.00',
        creditedAmount: '120.00',
        paidAmount: '80.00',
      }),
    ).toBe(100000);
    expect(outstandingCents({ status: 'sent', kind: 'credit_note', amountDue: '120.00' })).toBe(0);
    expect(receivables([{ ...paid, status: 'sent', paidAmount: '0.00' }, ...notes], '2026-05-10')).toEqual({
      count: 1,
      cents: 102000,
      overdueCount: 0,
      overdueCents: 0,
    });
    expect(issuedCreditNotes(notes)).toEqual({ count: 2, cents: 15000, withVatCents: 18000 });
  });

  it('holds on random companies: months add up to the total, credit notes only ever lower it', () => {
    const random = seededRandom(20261123);
    for (let run = 0; run < 200; run += 1) {
      const invoices: InvoiceAmounts[] = [];
      let expected = 0;
      let owed = 0;
      const count = random.int(0, 8);
      for (let index = 0; index < count; index += 1) {
        const ht = random.int(0, 500_000);
        const ttc = ht + Math.round(ht / 5);
        const status = random.pick(['draft', 'sent', 'paid', 'cancelled'] as const);
        const paidCents =
          status === 'paid' || (status === 'cancelled' && random.int(0, 1) === 1)
            ? random.int(1, ttc + 1)
            : 0;
        const month = `2026-${String(random.int(1, 12)).padStart(2, '0')}`;
        const id = `i${index}`;
        let creditedHt = 0;
        let creditedTtc = 0;
        for (let note = random.int(0, 3); note > 0; note -= 1) {
          const noteHt = random.int(0, Math.max(0, ht - creditedHt));
          const issued = random.int(0, 3) > 0;
          invoices.push({
            id: `${id}-n${note}`,
            kind: 'credit_note',
            status: issued ? 'sent' : 'draft',
            totalAmount: (noteHt / 100).toFixed(2),
            totalWithVat: ((noteHt + Math.round(noteHt / 5)) / 100).toFixed(2),
            creditedInvoiceId: id,
            issueDate: `2026-${String(random.int(1, 12)).padStart(2, '0')}-15`,
          });
          if (issued) {
            creditedHt += noteHt;
            creditedTtc += noteHt + Math.round(noteHt / 5);
          }
        }
        invoices.push({
          id,
          status,
          totalAmount: (ht / 100).toFixed(2),
          totalWithVat: (ttc / 100).toFixed(2),
          amountDue: (ttc / 100).toFixed(2),
          creditedAmount: (creditedTtc / 100).toFixed(2),
          paidAmount: (paidCents / 100).toFixed(2),
          paidAt: paidCents > 0 ? `${month}-10T10:00:00Z` : undefined,
        });
        if (paidCents > 0) expected += ht - creditedHt;
        if (status === 'sent') owed += Math.max(0, ttc - creditedTtc);
      }
      const total = revenueHtCents(invoices);
      expect(total).toBe(expected);
      const byMonth = Array.from({ length: 12 }, (_, month) =>
        revenueHtInMonthCents(invoices, `2026-${String(month + 1).padStart(2, '0')}`),
      );
      expect(byMonth.reduce((sum, cents) => sum + cents, 0)).toBe(total);
      const withoutNotes = invoices.filter((invoice) => invoice.kind !== 'credit_note');
      expect(total).toBeLessThanOrEqual(revenueHtCents(withoutNotes));
      expect(receivables(invoices, '2026-01-01').cents).toBe(owed);
    }
  });
});

describe('retenues de garantie', () => {
  // DOCUMENTS.md § 4, worked example: contract 50 000.00 HT at 20 %, 5 % retention, three situations.
  const contract = { quoteNumber: 'DEV-2026-0007', contractAmount: '50000.00' };
  function situation(
    index: number,
    fields: Partial<RetentionAmounts> & { cumulativeWorksAmount: string },
  ): RetentionAmounts {
    const { cumulativeWorksAmount, ...rest } = fields;
    return {
      id: `s${index}`,
      kind: 'progress',
      status: 'sent',
      quoteId: 'q7',
      situation: { index, ...contract, cumulativeWorksAmount },
      ...rest,
    };
  }
  const s1 = situation(1, {
    cumulativeWorksAmount: '12000.00',
    totalWithVat: '12960.00',
    retentionAmount: '720.00',
    amountDue: '12240.00',
    issueDate: '2026-01-15',
  });
  const s2 = situation(2, {
    cumulativeWorksAmount: '35000.00',
    totalWithVat: '24840.00',
    retentionAmount: '1380.00',
    amountDue: '23460.00',
    status: 'paid',
    paidAmount: '23460.00',
    issueDate: '2026-02-15',
  });
  const s3 = situation(3, {
    cumulativeWorksAmount: '50000.00',
    totalWithVat: '16200.00',
    retentionAmount: '900.00',
    amountDue: '15300.00',
    paidAmount: '5000.00',
    issueDate: '2026-03-10',
  });

  it('keeps the retention out of the receivables: they read the amount due, which excludes it', () => {
    const owed = receivables([s1, s2, s3], '2026-05-20');
    // S1 12 240.00 + S3 15 300.00 − 5 000.00 paid; S2 is paid, though its 1 380.00 are still held.
    expect(owed).toEqual({ count: 2, cents: 2_254_000, overdueCount: 0, overdueCents: 0 });
    expect(heldRetentionCents(s2)).toBe(138_000);
    const summary = retentionsSummary([s1, s2, s3], '2026-05-20');
    expect(summary.heldCents).toBe(300_000);
    // TTC of the three = paid + still owed + retention held, to the cent: nothing counted twice.
    expect(23_460_00 + 5_000_00 + owed.cents + summary.heldCents).toBe(12_960_00 + 24_840_00 + 16_200_00);
  });

  it('holds the retention of issued situations only, until it is released', () => {
    expect(heldRetentionCents(s1)).toBe(72_000);
    expect(heldRetentionCents({ ...s1, status: 'draft' })).toBe(0);
    expect(heldRetentionCents({ ...s1, status: 'cancelled' })).toBe(0);
    expect(heldRetentionCents({ ...s1, status: 'overdue' })).toBe(72_000);
    expect(heldRetentionCents({ ...s1, retentionReleasedAt: '2027-03-15' })).toBe(0);
    expect(heldRetentionCents({ ...s1, kind: 'credit_note' })).toBe(0);
    expect(heldRetentionCents({ ...s1, kind: 'standard' })).toBe(0);
    expect(heldRetentionCents({ ...s1, retentionAmount: '0.00' })).toBe(0);
  });

  it('dates the release a year after the issue of the situation that reached 100 %', () => {
    expect(worksCompletedOn([s1, s2])).toBeUndefined();
    expect(retentionReleasableOn([s1, s2])).toBeUndefined();
    expect(worksCompletedOn([s1, s2, s3])).toBe('2026-03-10');
    expect(retentionReleasableOn([s1, s2, s3])).toBe('2027-03-10');
    // A draft or cancelled situation at 100 % completes nothing.
    expect(worksCompletedOn([{ ...s3, status: 'draft' }])).toBeUndefined();
    expect(worksCompletedOn([{ ...s3, status: 'cancelled' }])).toBeUndefined();
    // Cancelled by a credit note, then billed again to 100 %: the latest one.
    const again = situation(4, { cumulativeWorksAmount: '50000.00', issueDate: '2026-04-02' });
    expect(worksCompletedOn([s3, again])).toBe('2026-04-02');
    // No issue date (an old record): the day in France it was sent.
    const sent = { ...s3, issueDate: undefined, sentAt: '2026-03-09T23:30:00Z' };
    expect(worksCompletedOn([sent])).toBe('2026-03-10');
    expect(addYearsToDate('2028-02-29', 1)).toBe('2029-02-28');
    expect(addYearsToDate('2026-12-31', 1)).toBe('2027-12-31');
  });

  it('tells what is held, what is due for release and when the next one comes', () => {
    const before = retentionsSummary([s1, s2, s3], '2027-03-09');
    expect(before).toMatchObject({
      heldCount: 3,
      heldCents: 300_000,
      releasableCount: 0,
      releasableCents: 0,
      nextReleasableOn: '2027-03-10',
    });
    expect(before.quotes).toHaveLength(1);
    expect(before.quotes[0]).toMatchObject({
      key: 'id:q7',
      quoteId: 'q7',
      quoteNumber: 'DEV-2026-0007',
      cents: 300_000,
      releasableOn: '2027-03-10',
      releasable: false,
    });
    // The day has come (France's calendar date, inclusive).
    expect(retentionsSummary([s1, s2, s3], '2027-03-10')).toMatchObject({
      releasableCount: 3,
      releasableCents: 300_000,
      nextReleasableOn: undefined,
    });
    // S1's retention paid back: no longer held nor due; S3 still dates the completion.
    const released = { ...s1, retentionReleasedAt: '2027-03-12' };
    const after = retentionsSummary([released, s2, s3], '2027-03-12');
    expect(after).toMatchObject({ heldCount: 2, heldCents: 228_000, releasableCents: 228_000 });
    expect(after.quotes[0]!.situations.map((entry) => entry.invoice.id)).toEqual(['s2', 's3']);
    // Works not complete: held, undated.
    expect(retentionsSummary([s1, s2], '2030-01-01')).toMatchObject({
      heldCents: 210_000,
      releasableCents: 0,
      nextReleasableOn: undefined,
    });
    expect(retentionsSummary([s1, s2], '2030-01-01').quotes[0]!.releasableOn).toBeUndefined();
  });

  it('groups by quote and lists the releasable ones first, then by date, then the undated', () => {
    const other = (quoteId: string, issueDate: string, complete: boolean, retentionAmount: string) => ({
      id: `${quoteId}-1`,
      kind: 'progress',
      status: 'sent',
      quoteId,
      issueDate,
      retentionAmount,
      situation: {
        index: 1,
        quoteNumber: `DEV-${quoteId}`,
        contractAmount: '100.00',
        cumulativeWorksAmount: complete ? '100.00' : '50.00',
      },
    });
    const summary = retentionsSummary(
      [
        other('c', '2026-01-01', false, '1.00'),
        other('b', '2026-02-01', true, '2.00'),
        other('a', '2025-01-01', true, '4.00'),
        other('d', '2025-06-01', true, '8.00'),
        // Without a quote: a group of its own.
        { id: 'lonely', kind: 'progress', status: 'paid', retentionAmount: '16.00' },
      ],
      '2026-05-20',
    );
    expect(summary.quotes.map((quote) => [quote.key, quote.releasable, quote.releasableOn])).toEqual([
      ['id:a', true, '2026-01-01'],
      ['id:d', false, '2026-06-01'],
      ['id:b', false, '2027-02-01'],
      ['id:c', false, undefined],
      ['invoice:lonely', false, undefined],
    ]);
    expect(summary).toMatchObject({
      heldCount: 5,
      heldCents: 3100,
      releasableCount: 1,
      releasableCents: 400,
      nextReleasableOn: '2026-06-01',
    });
  });

  it('holds on random companies: held is the sum of the qualifying retentions, due ⊆ held, to the cent', () => {
    const random = seededRandom(20261125);
    const days = ['2024-02-29', '2025-01-31', '2025-05-20', '2025-05-21', '2025-12-31', '2026-03-01'];
    for (let run = 0; run < 300; run += 1) {
      const today = random.pick(['2026-05-20', '2026-05-21', '2027-01-01']);
      const invoices: RetentionAmounts[] = [];
      let expectedHeld = 0;
      let expectedHeldCount = 0;
      let expectedDue = 0;
      for (let quote = random.int(0, 4); quote > 0; quote -= 1) {
        const contractCents = random.int(1, 10_000_000);
        const quoteId = `q${quote}`;
        let works = 0;
        let completedOn: string | undefined;
        const quoteHeld: number[] = [];
        const count = random.int(0, 5);
        for (let index = 1; index <= count; index += 1) {
          works = random.int(0, 2) === 0 ? contractCents : random.int(works, contractCents);
          const status = random.pick(['draft', 'sent', 'overdue', 'paid', 'cancelled'] as const);
          const kind = random.int(0, 9) === 0 ? 'credit_note' : 'progress';
          const retention = random.int(0, 500_000);
          const released = random.int(0, 3) === 0;
          const issueDate = random.pick(days);
          invoices.push({
            id: `${quoteId}-${index}`,
            kind,
            status,
            quoteId,
            issueDate,
            retentionAmount: (retention / 100).toFixed(2),
            retentionReleasedAt: released ? '2026-01-01' : undefined,
            situation: {
              index,
              quoteNumber: `DEV-${quote}`,
              contractAmount: (contractCents / 100).toFixed(2),
              cumulativeWorksAmount: (works / 100).toFixed(2),
            },
          });
          const stands = kind === 'progress' && status !== 'draft' && status !== 'cancelled';
          if (stands && works === contractCents && (completedOn === undefined || issueDate > completedOn)) {
            completedOn = issueDate;
          }
          if (stands && !released && retention > 0) quoteHeld.push(retention);
        }
        const quoteCents = quoteHeld.reduce((sum, cents) => sum + cents, 0);
        expectedHeld += quoteCents;
        expectedHeldCount += quoteHeld.length;
        if (completedOn !== undefined && addYearsToDate(completedOn, 1) <= today) expectedDue += quoteCents;
      }
      // Receivables and a sprinkle of standard invoices never change the retention figures.
      invoices.push({ id: `x${run}`, status: 'sent', amountDue: '10.00', retentionAmount: '99.00' });

      const summary = retentionsSummary(invoices, today);
      expect(summary.heldCents).toBe(expectedHeld);
      expect(summary.heldCount).toBe(expectedHeldCount);
      expect(summary.releasableCents).toBe(expectedDue);
      expect(summary.heldCents).toBe(summary.quotes.reduce((sum, quote) => sum + quote.cents, 0));
      // Due ⊆ held, every due retention is of a quote whose day has come.
      const held = new Set(summary.quotes.flatMap((quote) => quote.situations.map((entry) => entry.invoice)));
      for (const quote of summary.quotes.filter((entry) => entry.releasable)) {
        expect(quote.releasableOn! <= today).toBe(true);
        for (const entry of quote.situations) expect(held.has(entry.invoice)).toBe(true);
      }
      expect(summary.releasableCents).toBeLessThanOrEqual(summary.heldCents);
      expect(summary.releasableCount).toBeLessThanOrEqual(summary.heldCount);
      // Released ones are never counted, whatever their amount.
      for (const quote of summary.quotes) {
        for (const entry of quote.situations) expect(entry.invoice.retentionReleasedAt).toBeUndefined();
      }
      const inflated = invoices.map((invoice) =>
        invoice.retentionReleasedAt ? { ...invoice, retentionAmount: '999999.99' } : invoice,
      );
      expect(retentionsSummary(inflated, today).heldCents).toBe(expectedHeld);
      // Time only ever makes more of it due.
      expect(retentionsSummary(invoices, '2099-12-31').releasableCents).toBeGreaterThanOrEqual(
        summary.releasableCents,
      );
      expect(summary.nextReleasableOn === undefined || summary.nextReleasableOn > today).toBe(true);
    }
  });
});

describe('revenue of partial payments', () => {
  // 8 000.00 HT at 20 % = 9 600.00 TTC.
  const invoice: InvoiceAmounts = {
    id: 'f',
    status: 'sent',
    totalAmount: '8000.00',
    totalWithVat: '9600.00',
    amountDue: '9600.00',
    creditedAmount: '0.00',
  };

  it('counts the HT share of each payment in its month; paid in full, the whole HT', () => {
    const first = {
      ...invoice,
      paidAmount: '9120.00',
      paidAt: '2026-04-20T10:00:00Z',
      payments: [{ amount: '9120.00', paidAt: '2026-04-20T10:00:00Z' }],
    };
    expect(revenueEntries([first])).toEqual([{ cents: 760000, month: '2026-04' }]);
    expect(revenueHtCents([first])).toBe(760000);
    const both = {
      ...first,
      status: 'paid',
      paidAmount: '9600.00',
      paidAt: '2026-05-02T10:00:00Z',
      payments: [...first.payments, { amount: '480.00', paidAt: '2026-05-02T10:00:00Z' }],
    };
    expect(revenueEntries([both])).toEqual([
      { cents: 760000, month: '2026-04' },
      { cents: 40000, month: '2026-05' },
    ]);
    expect(revenueHtInMonthCents([both], '2026-05')).toBe(40000);
  });

  it('reads a record without payments as one payment of its paidAmount', () => {
    const legacy = { ...invoice, paidAmount: '4800.00', paidAt: '2026-03-03T10:00:00Z' };
    expect(paymentsOf(legacy)).toEqual([{ cents: 480000, paidAt: '2026-03-03T10:00:00Z' }]);
    expect(revenueEntries([legacy])).toEqual([{ cents: 400000, month: '2026-03' }]);
    // Paid before amounts were recorded: its whole HT at its payment.
    expect(revenueEntries([{ ...invoice, status: 'paid', paidAt: '2026-03-03T10:00:00Z' }])).toEqual([
      { cents: 800000, month: '2026-03' },
    ]);
    expect(revenueEntries([{ ...invoice, status: 'draft', paidAmount: '10.00' }])).toEqual([]);
  });

  it('orders payments by their date and rounds cumulatively: three thirds add up to the HT', () => {
    const thirds = {
      ...invoice,
      totalAmount: '0.10',
      amountDue: '0.12',
      status: 'paid',
      payments: [
        { amount: '0.04', paidAt: '2026-03-01T10:00:00Z' },
        { amount: '0.04', paidAt: '2026-01-01T10:00:00Z' },
        { amount: '0.04', paidAt: '2026-02-01T10:00:00Z' },
      ],
    };
    expect(revenueEntries([thirds])).toEqual([
      { cents: 3, month: '2026-01' },
      { cents: 4, month: '2026-02' },
      { cents: 3, month: '2026-03' },
    ]);
  });

  it('measures a situation against its amount due (TTC less the retention)', () => {
    // 10 000.00 HT, 12 000.00 TTC, 5 % retention: 11 400.00 due.
    const situation = {
      ...invoice,
      kind: 'progress',
      totalAmount: '10000.00',
      totalWithVat: '12000.00',
      amountDue: '11400.00',
      payments: [{ amount: '5700.00', paidAt: '2026-06-01T10:00:00Z' }],
    };
    expect(revenueHtCents([situation])).toBe(500000);
    const paid = {
      ...situation,
      status: 'paid',
      payments: [...situation.payments, { amount: '5700.00', paidAt: '2026-07-01T10:00:00Z' }],
    };
    expect(revenueHtCents([paid])).toBe(1000000);
  });

  it('with a credit note: payments measured against what remains after it; once paid, the old rule', () => {
    // 1 000.00 HT, 1 200.00 TTC; 600.00 paid, then a credit note of 250.00 HT (300.00 TTC).
    const base = { ...invoice, totalAmount: '1000.00', totalWithVat: '1200.00', amountDue: '1200.00' };
    const note = {
      id: 'n',
      kind: 'credit_note',
      status: 'sent',
      totalAmount: '250.00',
      totalWithVat: '300.00',
      creditedInvoiceId: 'f',
      issueDate: '2026-05-10',
    };
    const partial = {
      ...base,
      creditedAmount: '300.00',
      paidAt: '2026-04-01T10:00:00Z',
      payments: [{ amount: '600.00', paidAt: '2026-04-01T10:00:00Z' }],
    };
    // (1000 × 600 / 900) − (250 × 600 / 900) = 666.67 − 166.67: the 500.00 HT of 600.00 TTC.
    expect(revenueHtCents([partial, note])).toBe(50000);
    const paid = {
      ...partial,
      status: 'paid',
      paidAt: '2026-06-01T10:00:00Z',
      payments: [...partial.payments, { amount: '300.00', paidAt: '2026-06-01T10:00:00Z' }],
    };
    expect(revenueHtCents([paid, note])).toBe(75000);
    expect(revenueEntries([paid, note]).at(-1)).toEqual({ cents: -25000, month: '2026-06' });
    // Paid in full, then credited for half: 1 000.00 − 500.00.
    const refunded = {
      ...base,
      status: 'paid',
      creditedAmount: '600.00',
      paidAt: '2026-04-01T10:00:00Z',
      payments: [{ amount: '1200.00', paidAt: '2026-04-01T10:00:00Z' }],
    };
    const half = { ...note, totalAmount: '500.00', totalWithVat: '600.00' };
    expect(revenueHtCents([refunded, half])).toBe(50000);
  });

  it('holds on random invoices split into 1 to 6 payments (seeded)', () => {
    const random = seededRandom(20261125);
    for (let run = 0; run < 500; run += 1) {
      const ht = random.int(0, 5_000_000);
      const rate = random.pick([0, 55, 100, 200]);
      const ttc = ht + Math.round((ht * rate) / 1000);
      const progress = random.int(0, 2) === 0;
      const retention = progress ? Math.round((ttc * random.int(0, 5)) / 100) : 0;
      const due = ttc - retention;
      if (due <= 0) continue;
      const count = random.int(1, Math.min(6, due));
      // `count` cuts of `due` into positive amounts.
      const cuts = new Set<number>();
      while (cuts.size < count - 1) cuts.add(random.int(1, due - 1));
      const bounds = [0, ...[...cuts].sort((a, b) => a - b), due];
      const amounts = bounds.slice(1).map((bound, index) => bound - bounds[index]!);
      const payments = amounts.map((cents, index) => ({
        amount: (cents / 100).toFixed(2),
        paidAt: `2026-${String(index + 1).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}T10:00:00Z`,
      }));
      const record = (paidCount: number): InvoiceAmounts => ({
        id: `i${run}`,
        kind: progress ? 'progress' : 'standard',
        status: paidCount === count ? 'paid' : 'sent',
        totalAmount: (ht / 100).toFixed(2),
        totalWithVat: (ttc / 100).toFixed(2),
        amountDue: (due / 100).toFixed(2),
        creditedAmount: '0.00',
        paidAmount: (sumCents(amounts.slice(0, paidCount)) / 100).toFixed(2),
        paidAt: payments[paidCount - 1]?.paidAt,
        payments: payments.slice(0, paidCount),
      });
      const full = revenueEntries([record(count)]);
      expect(full).toHaveLength(count);
      expect(sumCents(full.map((entry) => entry.cents))).toBe(ht);
      for (const entry of full) {
        expect(entry.cents).toBeGreaterThanOrEqual(0);
        expect(entry.cents).toBeLessThanOrEqual(ht);
      }
      // Each payment's entry is the same before and after later payments are recorded.
      for (let paidCount = 1; paidCount < count; paidCount += 1) {
        const partial = revenueEntries([record(paidCount)]);
        expect(partial).toEqual(full.slice(0, paidCount));
        expect(sumCents(partial.map((entry) => entry.cents))).toBeLessThanOrEqual(ht);
      }
      // One payment of everything: the former rule, the whole HT in the month of the payment.
      const single = {
        ...record(count),
        payments: [{ amount: (due / 100).toFixed(2), paidAt: '2026-09-09T10:00:00Z' }],
      };
      expect(revenueEntries([single])).toEqual([{ cents: ht, month: '2026-09' }]);
    }
  });
});
