import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney, percentOf } from './money.js';
import {
  owedToSuppliersCents,
  purchaseEntry,
  purchasesSummary,
  supplierLineTotalCents,
  supplierOwedCents,
  supplierRemainingCents,
  supplierTotals,
  supplierTotalsInUnits,
  type SupplierInvoiceAmounts,
} from './supplier-invoice-figures.js';
import { seededRandom } from './testing/seeded-random.js';

/** round(n / d) halves away from zero, on BigInts: the test's own reference of a rounded quotient. */
function rounded(n: bigint, d: bigint): number {
  const negative = n < 0n !== d < 0n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  const q = a / b + (2n * (a % b) >= b ? 1n : 0n);
  return Number(negative ? -q : q);
}

/** "12.5" → [125n, 10n]: a decimal text as an exact fraction. */
function fraction(text: string): [bigint, bigint] {
  const [integer = '0', decimals = ''] = text.replace('-', '').split('.');
  const sign = text.startsWith('-') ? -1n : 1n;
  return [sign * BigInt(integer + decimals), 10n ** BigInt(decimals.length)];
}

describe('supplierLineTotalCents', () => {
  it('is quantity × unit price ÷ base quantity, rounded to the cent, less allowances plus charges', () => {
    expect(supplierLineTotalCents({ quantity: '3', unitPrice: '1.2605' })).toBe(378); // 3.7815 → 3.78
    expect(supplierLineTotalCents({ quantity: '2.5', unitPrice: '0.33' })).toBe(83); // 0.825 → 0.83
    expect(supplierLineTotalCents({ quantity: '250', unitPrice: '12.50', priceBaseQuantity: '100' })).toBe(
      3125,
    );
    expect(
      supplierLineTotalCents({
        quantity: '10',
        unitPrice: '9.95',
        allowanceAmount: '5.00',
        chargeAmount: '1.25',
      }),
    ).toBe(9575);
    // A line returned: negative quantity, halves away from zero.
    expect(supplierLineTotalCents({ quantity: '-2.5', unitPrice: '0.33' })).toBe(-83);
  });

  it('matches an exact fraction rounded half away from zero on random lines', () => {
    const random = seededRandom(29);
    for (let run = 0; run < 1_000; run += 1) {
      const quantity = `${random.int(-50, 5_000)}.${String(random.int(0, 999)).padStart(3, '0')}`;
      const unitPrice = `${random.int(0, 9_999)}.${String(random.int(0, 999_999)).padStart(6, '0')}`;
      const base = random.pick(['1', '10', '100', '0.5', '1000']);
      const [qn, qd] = fraction(quantity);
      const [pn, pd] = fraction(unitPrice);
      const [bn, bd] = fraction(base);
      const expected = rounded(qn * pn * bd * 100n, qd * pd * bn);
      expect(
        supplierLineTotalCents({ quantity, unitPrice, priceBaseQuantity: base }),
        `${quantity} × ${unitPrice} / ${base}`,
      ).toBe(expected);
    }
  });
});

describe('supplierTotals', () => {
  it('computes HT, VAT per rate on the bases (allowances and charges included) and TTC', () => {
    const totals = supplierTotals({
      lines: [
        { total: '1000.00', vatRate: '20.00' },
        { total: '200.00', vatRate: '5.50' },
        { total: '0.05', vatRate: '20.00' },
      ],
      allowances: [{ amount: '100.00', vatRate: '20.00' }],
      charges: [{ amount: '15.00', vatRate: '5.50' }],
    });
    expect(totals).toEqual({
      netAmount: '1115.05',
      vatBreakdown: [
        { rate: '20.00', base: '900.05', amount: '180.01' },
        { rate: '5.50', base: '215.00', amount: '11.83' },
      ],
      vatAmount: '191.84',
      totalAmount: '1306.89',
    });
  });

  it('keeps the VAT an e-invoice states for a rate while that rate keeps its base, else computes it', () => {
    const stated = [
      { rate: '20.00', base: '900.05', amount: '180.00' },
      { rate: '5.50', base: '999.00', amount: '54.95' },
    ];
    const totals = supplierTotals({
      lines: [
        { total: '900.05', vatRate: '20.00' },
        { total: '215.00', vatRate: '5.50' },
      ],
      stated,
    });
    expect(totals.vatBreakdown).toEqual([
      { rate: '20.00', base: '900.05', amount: '180.00' },
      { rate: '5.50', base: '215.00', amount: '11.83' },
    ]);
    expect(totals.vatAmount).toBe('191.83');
    expect(totals.totalAmount).toBe('1306.88');
  });

  it('holds its invariants on random invoices with allowances, charges and several rates (property)', () => {
    const random = seededRandom(2_029);
    const rates = ['20.00', '10.00', '5.50', '2.10', '0.00', '19.00', '7.00'];
    for (let run = 0; run < 500; run += 1) {
      const lines = Array.from({ length: random.int(1, 25) }, () => ({
        total: formatMoney(random.int(-20_000, 3_000_000)),
        vatRate: random.pick(rates),
      }));
      const adjustment = () => ({ amount: formatMoney(random.int(0, 200_000)), vatRate: random.pick(rates) });
      const allowances = Array.from({ length: random.int(0, 3) }, adjustment);
      const charges = Array.from({ length: random.int(0, 3) }, adjustment);
      const totals = supplierTotalsInUnits({ lines, allowances, charges });
      const cents = (values: { total?: string; amount?: string }[]) =>
        values.reduce((sum, value) => sum + parseMoney(value.total ?? value.amount ?? '0'), 0);
      const net = cents(lines) - cents(allowances) + cents(charges);
      expect(totals.totalCents).toBe(net);
      expect(totals.vatBreakdown.reduce((sum, entry) => sum + entry.baseCents, 0)).toBe(net);
      for (const entry of totals.vatBreakdown) {
        const base =
          cents(lines.filter((line) => parseMoney(line.vatRate) === entry.rateHundredths)) -
          cents(allowances.filter((line) => parseMoney(line.vatRate) === entry.rateHundredths)) +
          cents(charges.filter((line) => parseMoney(line.vatRate) === entry.rateHundredths));
        expect(entry.baseCents).toBe(base);
        expect(entry.amountCents).toBe(percentOf(base, entry.rateHundredths));
      }
      expect(totals.vatCents).toBe(totals.vatBreakdown.reduce((sum, entry) => sum + entry.amountCents, 0));
      expect(totals.totalWithVatCents).toBe(net + totals.vatCents);
    }
  });
});

const invoice = (overrides: Partial<SupplierInvoiceAmounts> = {}): SupplierInvoiceAmounts => ({
  id: 'f1',
  supplierId: 's1',
  status: 'sent',
  kind: 'invoice',
  netAmount: '1000.00',
  totalAmount: '1200.00',
  paidAmount: '0.00',
  creditNotes: [],
  ...overrides,
});

describe('what remains to pay and what is owed', () => {
  it('deducts credit notes and payments; nothing once paid or cancelled', () => {
    const credited = invoice({
      creditNotes: [{ netAmount: '100.00', totalAmount: '120.00' }],
      paidAmount: '500.00',
    });
    expect(supplierRemainingCents(credited)).toBe(58_000);
    expect(supplierRemainingCents({ ...credited, status: 'paid' })).toBe(0);
    expect(supplierRemainingCents({ ...credited, status: 'cancelled' })).toBe(0);
    // What the supplier asks: TTC − prepaid + rounding.
    expect(supplierRemainingCents(invoice({ prepaidAmount: '200.00', roundingAmount: '0.01' }))).toBe(
      100_001,
    );
  });

  it('counts a credit note of an invoice through its invoice, one crediting none on its own', () => {
    const linkedNote: SupplierInvoiceAmounts = {
      id: 'a1',
      supplierId: 's1',
      status: 'sent',
      kind: 'credit_note',
      creditedInvoiceId: 'f1',
      netAmount: '100.00',
      totalAmount: '120.00',
    };
    expect(supplierOwedCents(linkedNote)).toBe(0);
    const loose = { ...linkedNote, creditedInvoiceId: undefined, paidAmount: '20.00' };
    expect(supplierOwedCents(loose)).toBe(-10_000);
    expect(owedToSuppliersCents([invoice(), loose])).toBe(110_000);
    // In another currency: in no euro figure.
    expect(supplierOwedCents(invoice({ currency: 'USD' }))).toBe(0);
  });

  it('leaves the supplier owed exactly the difference after a credit note then a payment (property)', () => {
    const random = seededRandom(4_201);
    for (let run = 0; run < 1_000; run += 1) {
      const ttc = random.int(1, 5_000_000);
      const noteTtc = random.int(0, ttc);
      const paid = random.int(0, ttc - noteTtc);
      const note: SupplierInvoiceAmounts = {
        id: 'a1',
        supplierId: 's1',
        status: random.pick(['draft', 'sent']),
        kind: 'credit_note',
        creditedInvoiceId: 'f1',
        totalAmount: formatMoney(noteTtc),
        netAmount: formatMoney(Math.floor(noteTtc / 1.2)),
      };
      const settled = paid === ttc - noteTtc;
      const credited = invoice({
        totalAmount: formatMoney(ttc),
        creditNotes: [{ totalAmount: formatMoney(noteTtc), netAmount: note.netAmount as string }],
        paidAmount: formatMoney(paid),
        status: settled && random.int(0, 1) === 1 ? 'paid' : 'sent',
      });
      expect(owedToSuppliersCents([credited, note]), `${ttc} − ${noteTtc} − ${paid}`).toBe(
        ttc - noteTtc - paid,
      );
    }
  });
});

describe('purchases HT (cash basis)', () => {
  it('counts a paid invoice at its HT less its credit notes, in the month of its payment', () => {
    const paid = invoice({
      status: 'paid',
      paidAt: '2026-05-31T23:30:00Z',
      creditNotes: [{ netAmount: '100.00', totalAmount: '120.00' }],
    });
    expect(purchaseEntry(paid)).toEqual({ cents: 90_000, month: '2026-06', withoutVat: false });
    expect(purchaseEntry(invoice())).toBeUndefined();
    expect(purchaseEntry({ ...paid, currency: 'CHF' })).toBeUndefined();
  });

  it('counts a record without VAT detail at what was paid (its TTC), flagged', () => {
    const legacy: SupplierInvoiceAmounts = {
      status: 'paid',
      totalAmount: '1250.40',
      paidAmount: '0.00',
      paidAt: '2026-05-10T10:00:00Z',
    };
    expect(purchaseEntry(legacy)).toEqual({ cents: 125_040, month: '2026-05', withoutVat: true });
    expect(purchaseEntry({ ...legacy, paidAmount: '1000.00' })?.cents).toBe(100_000);
  });

  it('takes back the HT of a refunded credit note that credits no invoice, never of one that does', () => {
    const note: SupplierInvoiceAmounts = {
      status: 'paid',
      kind: 'credit_note',
      netAmount: '50.00',
      totalAmount: '60.00',
      paidAt: '2026-05-10T10:00:00Z',
    };
    expect(purchaseEntry(note)?.cents).toBe(-5_000);
    expect(purchaseEntry({ ...note, creditedInvoiceId: 'f1' })).toBeUndefined();
    const summary = purchasesSummary([
      note,
      invoice({ status: 'paid', paidAt: '2026-05-02T10:00:00Z' }),
      { status: 'paid', totalAmount: '30.00', paidAt: '2026-04-02T10:00:00Z' },
    ]);
    expect(summary).toEqual({ cents: 98_000, withoutVatCount: 1, withoutVatCents: 3_000 });
    expect(
      purchasesSummary(
        [note, { status: 'paid', totalAmount: '30.00', paidAt: '2026-04-02T10:00:00Z' }],
        '2026-05',
      ),
    ).toEqual({ cents: -5_000, withoutVatCount: 0, withoutVatCents: 0 });
  });
});
