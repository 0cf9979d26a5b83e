import { describe, expect, it } from 'vitest';
import { financesSummaryOfRecords, type SummaryInvoice } from './finances-summary.js';

const now = new Date('2026-05-10T10:00:00.000Z');

function invoice(id: string, fields: Partial<SummaryInvoice>): SummaryInvoice {
  return { id, kind: 'standard', status: 'draft', totalAmount: '0.00', paidAmount: '0.00', ...fields };
}

describe('financesSummaryOfRecords: Facturation’s cards', () => {
  const records = {
    invoices: [
      invoice('d1', { totalAmount: '100.00', totalWithVat: '120.00' }),
      invoice('d2', { totalAmount: '50.10', totalWithVat: '60.12' }),
      // A draft credit note is not a draft invoice.
      invoice('n1', { kind: 'credit_note', totalAmount: '30.00', creditedInvoiceId: 'p1' }),
      // Paid in part: counted as cashed, still awaiting the rest (overdue since 1 May).
      invoice('p1', {
        status: 'sent',
        totalAmount: '1000.00',
        totalWithVat: '1200.00',
        amountDue: '1200.00',
        paidAmount: '600.00',
        dueDate: '2026-05-01',
        payments: [{ amount: '600.00', paidAt: '2026-04-20T10:00:00.000Z' }],
      }),
      invoice('p2', {
        status: 'paid',
        totalAmount: '500.00',
        totalWithVat: '600.00',
        paidAmount: '600.00',
        paidAt: '2026-04-21T10:00:00.000Z',
      }),
      invoice('s1', {
        status: 'sent',
        totalAmount: '80.00',
        totalWithVat: '96.00',
        amountDue: '96.00',
        dueDate: '2026-06-30',
      }),
    ],
    supplierInvoices: [],
    projects: [],
  };

  it('counts the drafts and their HT, and the invoices with a payment', () => {
    const summary = financesSummaryOfRecords(records, now);
    expect(summary.drafts).toEqual({ count: 2, amount: '150.10' });
    expect(summary.cashedInvoices).toBe(2);
    // 500,00 HT of p1 (half paid) + 500,00 of p2.
    expect(summary.revenue).toBe('1000.00');
    expect(summary.pending).toEqual({ count: 2, amount: '696.00' });
    expect([summary.overdue.count, summary.overdue.amount]).toEqual([1, '600.00']);
  });

  it('takes an issued credit note of a paid invoice off revenue, the invoice still counted as cashed', () => {
    const refund = invoice('n2', {
      kind: 'credit_note',
      status: 'sent',
      totalAmount: '100.00',
      totalWithVat: '120.00',
      issueDate: '2026-04-25',
      creditedInvoiceId: 'p2',
    });
    const summary = financesSummaryOfRecords({ ...records, invoices: [...records.invoices, refund] }, now);
    // 1 000,00 − 100,00.
    expect(summary.revenue).toBe('900.00');
    expect(summary.cashedInvoices).toBe(2);
    expect(summary.creditNotes).toEqual({ count: 1, amount: '100.00' });
  });

  it('answers zeros without records', () => {
    const summary = financesSummaryOfRecords({ invoices: [], supplierInvoices: [], projects: [] }, now);
    expect(summary.drafts).toEqual({ count: 0, amount: '0.00' });
    expect(summary.cashedInvoices).toBe(0);
  });
});
