/**
 * The amounts of a 212 « Encaissée » lifecycle message (`../shared/guide/EINVOICING-NETWORK.md`,
 * rule BR-FR-CDV-14): under VAT on receipts, each payment received on an invoice is reported per
 * VAT rate (one `MEN` block per rate), so that the administration knows the VAT that became due.
 *
 * The payment is split over the invoice's rates in proportion to each rate's TTC (base + VAT), the
 * cents left going to the largest remainders (`splitInProportion`), so the parts add up to the
 * payment exactly and each is within a cent of its exact share.
 */
import { sumCents } from './money.js';
import { splitInProportion, type VatBreakdownInUnits } from './vat.js';

/** The part of a payment received at one VAT rate: what one `MEN` block carries. */
export interface CollectedAtRate {
  /** The VAT rate, hundredths of a percent (2000 = 20 %). */
  rateHundredths: number;
  /** The part of the payment (TTC) at that rate, cents. */
  amountCents: number;
}

/**
 * Splits a payment over an invoice's VAT rates in proportion to their TTC.
 * @param paymentCents the amount received, cents (> 0)
 * @param breakdown the invoice's VAT breakdown (its bases and VAT amounts in cents, not negative);
 *   a rate listed twice counts once, with its figures added
 * @returns one part per rate, in the breakdown's order, adding up to `paymentCents`
 * @throws RangeError on a payment that is not a positive whole number of cents, an empty breakdown
 *   or a negative figure
 */
export function collectedByRate(
  paymentCents: number,
  breakdown: readonly Pick<VatBreakdownInUnits, 'rateHundredths' | 'baseCents' | 'amountCents'>[],
): CollectedAtRate[] {
  if (!Number.isSafeInteger(paymentCents) || paymentCents <= 0) {
    throw new RangeError('Le montant encaissé doit être un nombre positif de centimes.');
  }
  if (breakdown.length === 0) throw new RangeError('La facture ne porte aucun taux de TVA.');
  const ttcByRate = new Map<number, number>();
  for (const entry of breakdown) {
    if (entry.baseCents < 0 || entry.amountCents < 0) {
      throw new RangeError('Le détail de TVA de la facture contient un montant négatif.');
    }
    ttcByRate.set(
      entry.rateHundredths,
      sumCents([ttcByRate.get(entry.rateHundredths) ?? 0, entry.baseCents, entry.amountCents]),
    );
  }
  const rates = [...ttcByRate.keys()];
  const parts = splitInProportion(
    paymentCents,
    rates.map((rate) => ttcByRate.get(rate) ?? 0),
  );
  return rates.map((rateHundredths, index) => ({ rateHundredths, amountCents: parts[index] ?? 0 }));
}
