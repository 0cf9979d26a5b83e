import { describe, expect, it } from 'vitest';
import { collectedByRate } from './einvoicing-payment-split.js';
import { percentOf } from './money.js';
import { seededRandom } from './testing/seeded-random.js';
import { VAT_RATE_HUNDREDTHS } from './vat.js';

describe('collectedByRate (the MEN amounts of a 212 « Encaissée »)', () => {
  it('splits a payment over the rates in proportion to their TTC', () => {
    // 20 %: 1 000.00 HT + 200.00 = 1 200.00 TTC; 10 %: 500.00 + 50.00 = 550.00 TTC; total 1 750.00.
    const breakdown = [
      { rateHundredths: 2000, baseCents: 100_000, amountCents: 20_000 },
      { rateHundredths: 1000, baseCents: 50_000, amountCents: 5_000 },
    ];
    // The whole invoice: each rate's TTC.
    expect(collectedByRate(175_000, breakdown)).toEqual([
      { rateHundredths: 2000, amountCents: 120_000 },
      { rateHundredths: 1000, amountCents: 55_000 },
    ]);
    // 1 000.00 received: 685.714… and 314.285… → 685.71 and 314.29 (the larger remainder gets the cent).
    expect(collectedByRate(100_000, breakdown)).toEqual([
      { rateHundredths: 2000, amountCents: 68_571 },
      { rateHundredths: 1000, amountCents: 31_429 },
    ]);
    // One rate: the whole payment.
    expect(collectedByRate(1, [{ rateHundredths: 550, baseCents: 10_000, amountCents: 550 }])).toEqual([
      { rateHundredths: 550, amountCents: 1 },
    ]);
  });

  it('counts a rate listed twice once, and puts everything on the first rate of an invoice at 0 €', () => {
    expect(
      collectedByRate(300, [
        { rateHundredths: 2000, baseCents: 100, amountCents: 20 },
        { rateHundredths: 2000, baseCents: 100, amountCents: 20 },
        { rateHundredths: 1000, baseCents: 100, amountCents: 10 },
      ]),
    ).toEqual([
      { rateHundredths: 2000, amountCents: 206 },
      { rateHundredths: 1000, amountCents: 94 },
    ]);
    expect(
      collectedByRate(500, [
        { rateHundredths: 2000, baseCents: 0, amountCents: 0 },
        { rateHundredths: 1000, baseCents: 0, amountCents: 0 },
      ]),
    ).toEqual([
      { rateHundredths: 2000, amountCents: 500 },
      { rateHundredths: 1000, amountCents: 0 },
    ]);
  });

  it('refuses what is not a payment or not a breakdown', () => {
    const breakdown = [{ rateHundredths: 2000, baseCents: 100, amountCents: 20 }];
    expect(() => collectedByRate(0, breakdown)).toThrow(RangeError);
    expect(() => collectedByRate(-100, breakdown)).toThrow(RangeError);
    expect(() => collectedByRate(10.5, breakdown)).toThrow(RangeError);
    expect(() => collectedByRate(100, [])).toThrow(RangeError);
    expect(() => collectedByRate(100, [{ rateHundredths: 2000, baseCents: -100, amountCents: -20 }])).toThrow(
      RangeError,
    );
  });

  it('on any payment and any breakdown: parts sum to the payment, each within a cent of its share, none negative', () => {
    const random = seededRandom(212);
    const failures: string[] = [];
    for (let run = 0; run < 3_000; run += 1) {
      const rates = [...VAT_RATE_HUNDREDTHS].filter(() => random.next() < 0.6);
      if (rates.length === 0) rates.push(random.pick(VAT_RATE_HUNDREDTHS));
      const magnitude = random.pick([100, 10_000, 1_000_000, 100_000_000, 10_000_000_000]);
      const breakdown = rates.map((rateHundredths) => {
        const baseCents = random.int(0, magnitude);
        return { rateHundredths, baseCents, amountCents: percentOf(baseCents, rateHundredths) };
      });
      const ttc = breakdown.map((entry) => entry.baseCents + entry.amountCents);
      const total = ttc.reduce((a, b) => a + b, 0);
      // Partial payments, the whole TTC, and more than the TTC (an overpayment is still split).
      const paymentCents = random.pick([
        random.int(1, Math.max(1, total)),
        Math.max(1, total),
        random.int(1, 100),
        random.int(1, 2 * magnitude + 1),
      ]);
      const parts = collectedByRate(paymentCents, breakdown);
      const sum = parts.reduce((total_, part) => total_ + part.amountCents, 0);
      const wrong = parts.some((part, index) => {
        if (part.rateHundredths !== rates[index] || part.amountCents < 0) return true;
        if (total === 0) return false;
        // |part − payment × ttc / total| < 1 cent, in exact integers.
        const distance =
          BigInt(part.amountCents) * BigInt(total) - BigInt(paymentCents) * BigInt(ttc[index] ?? 0);
        return (distance < 0n ? -distance : distance) >= BigInt(total);
      });
      if (wrong || sum !== paymentCents || parts.length !== rates.length) {
        failures.push(JSON.stringify({ paymentCents, breakdown, parts }));
      }
    }
    expect(failures).toEqual([]);
  });
});
