import type { Invoice } from '@btp/shared/entities/invoice';
import type { Quote } from '@btp/shared/entities/quote';
import { describe, expect, it } from 'vitest';
import { invoiceAsRead, invoiceFiguresAsRead } from './invoices.js';
import { quoteAsRead } from './quotes.js';

/** Records as the version before VAT stored them: what reads must still answer correctly. */
describe('records made before VAT existed', () => {
  const oldQuote = {
    id: 'q',
    companyId: 'c',
    number: 'DEV-2025-0001',
    title: 'Ancien',
    clientId: 'k',
    status: 'sent',
    overheadPercentage: '10.00',
    marginPercentage: '15.00',
    subtotalAmount: '405.00',
    overheadAmount: '40.50',
    marginAmount: '66.83',
    totalAmount: '512.33',
    createdAt: '',
    updatedAt: '',
    version: 1,
  } as unknown as Quote;

  it('a quote read without its lines (lists) gets its VAT at 20 % of its stored HT', () => {
    expect(quoteAsRead(oldQuote)).toMatchObject({
      reverseCharge: false,
      totalAmount: '512.33',
      vatBreakdown: [{ rate: '20.00', base: '512.33', amount: '102.47' }],
      vatAmount: '102.47',
      totalWithVat: '614.80',
    });
    expect(quoteAsRead({ ...oldQuote, totalAmount: '0.00' })).toMatchObject({
      vatBreakdown: [],
      totalWithVat: '0.00',
    });
  });

  it('a quote read with its lines: 20 % a line, selling prices derived, its HT kept', () => {
    const read = quoteAsRead({
      ...oldQuote,
      items: [
        {
          id: 'l1',
          resourceType: 'materials',
          quantity: '12.500',
          unitPrice: '8.40',
          totalPrice: '105.00',
          sortOrder: 0,
        },
        {
          id: 'l2',
          resourceType: 'labor',
          quantity: '2.000',
          unitPrice: '150.00',
          totalPrice: '300.00',
          sortOrder: 1,
        },
      ] as Quote['items'],
    });
    expect(read.items?.map((item) => [item.vatRate, item.saleUnitPrice, item.saleTotal])).toEqual([
      ['20.00', '10.63', '132.88'],
      ['20.00', '189.75', '379.50'],
    ]);
    expect(read).toMatchObject({ totalAmount: '512.33', vatAmount: '102.47', totalWithVat: '614.80' });
  });

  it('a quote stored with its VAT fields is answered as stored', () => {
    const stored = {
      ...oldQuote,
      reverseCharge: true,
      vatBreakdown: [],
      vatAmount: '0.00',
      totalWithVat: '512.33',
    };
    expect(quoteAsRead(stored)).toEqual(stored);
  });

  it('an invoice without lines reads as one line at its amount and 20 %', () => {
    const old = {
      id: 'i',
      title: 'Situation 1',
      clientId: 'k',
      status: 'sent',
      totalAmount: '1234.50',
      paidAmount: '0.00',
    } as unknown as Invoice;
    expect(invoiceAsRead(old)).toMatchObject({
      kind: 'standard',
      reverseCharge: false,
      lines: [
        {
          description: 'Situation 1',
          quantity: '1.000',
          unitPrice: '1234.50',
          vatRate: '20.00',
          total: '1234.50',
        },
      ],
      totalAmount: '1234.50',
      vatBreakdown: [{ rate: '20.00', base: '1234.50', amount: '246.90' }],
      vatAmount: '246.90',
      totalWithVat: '1481.40',
      amountDue: '1481.40',
      creditedAmount: '0.00',
    });
    // The figures alone, from a projection (the dashboard's).
    expect(invoiceFiguresAsRead({ status: 'paid', totalAmount: '100.00' })).toMatchObject({
      kind: 'standard',
      totalWithVat: '120.00',
      amountDue: '120.00',
      paidAmount: '0.00',
    });
  });
});
