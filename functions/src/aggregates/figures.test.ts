import { describe, expect, it } from 'vitest';
import { figuresOf, totalsSk } from './figures.js';

/** A customer invoice as stored (only the fields the figures read). */
function invoice(id: string, fields: Record<string, unknown>): Record<string, unknown> {
  return { id, kind: 'standard', clientId: 'client-1', paidAmount: '0.00', ...fields };
}

const totalsOf = (invoices: Record<string, unknown>[]) =>
  Object.fromEntries(figuresOf({ invoices }).get(totalsSk) ?? new Map());

describe('figuresOf: Facturation’s totals', () => {
  it('counts the draft invoices and their HT, credit notes left out', () => {
    const totals = totalsOf([
      invoice('a', { status: 'draft', totalAmount: '100.00', totalWithVat: '120.00', vatAmount: '20.00' }),
      invoice('b', { status: 'draft', totalAmount: '50.10', totalWithVat: '60.12', vatAmount: '10.02' }),
      invoice('c', {
        status: 'draft',
        kind: 'credit_note',
        totalAmount: '30.00',
        totalWithVat: '36.00',
        vatAmount: '6.00',
        creditedInvoiceId: 'x',
      }),
      invoice('d', { status: 'sent', totalAmount: '80.00', totalWithVat: '96.00', vatAmount: '16.00' }),
    ]);
    expect(totals.drafts).toBe(2);
    expect(totals.draftsHt).toBe(15_010);
  });

  it('counts the invoices with a payment in revenue: paid whole or in part, never unpaid ones nor credit notes', () => {
    const totals = totalsOf([
      // Paid in part: 600,00 of 1 200,00 TTC.
      invoice('a', {
        status: 'sent',
        totalAmount: '1000.00',
        vatAmount: '200.00',
        totalWithVat: '1200.00',
        paidAmount: '600.00',
        payments: [{ id: 'p1', amount: '600.00', paidAt: '2026-04-02T10:00:00.000Z' }],
      }),
      // Paid, recorded before amounts were: its HT counts, once.
      invoice('b', {
        status: 'paid',
        totalAmount: '500.00',
        vatAmount: '100.00',
        totalWithVat: '600.00',
        paidAt: '2026-04-03T10:00:00.000Z',
      }),
      invoice('c', { status: 'sent', totalAmount: '80.00', vatAmount: '16.00', totalWithVat: '96.00' }),
      invoice('d', {
        status: 'sent',
        kind: 'credit_note',
        totalAmount: '100.00',
        vatAmount: '20.00',
        totalWithVat: '120.00',
        creditedInvoiceId: 'a',
        issueDate: '2026-04-05',
      }),
    ]);
    expect(totals.cashedInvoices).toBe(2);
    expect(totals.drafts).toBeUndefined();
  });
});
