import type { Company } from '@btp/shared/entities/company';
import { companyProfileFieldNames } from '@btp/shared/entities/company-profile';
import { describe, expect, it } from 'vitest';
import { sellerSnapshot } from './issuer.js';

/** A company whose every profile field is filled, each with a value of its own. */
function fullCompany(): Partial<Company> {
  const company: Record<string, unknown> = { id: 'c1', slug: 'dupont-btp', maxUsers: 5 };
  for (const field of companyProfileFieldNames) company[field] = `valeur ${field}`;
  return { ...company, siret: '73282932000074', vatOnDebits: true, paymentTermDays: 45 } as Partial<Company>;
}

describe('sellerSnapshot (the seller as printed on a document issued now)', () => {
  it("copies the company's identity, payment terms and logo, not its quote and VAT defaults", () => {
    const company = fullCompany();
    const snapshot = sellerSnapshot(company);
    const notOnDocuments = ['quoteValidityDays', 'defaultVatRate', 'defaultRetentionRate'];
    const expected: Record<string, unknown> = { siren: '732829320' };
    for (const field of companyProfileFieldNames) {
      if (!notOnDocuments.includes(field)) expected[field] = company[field];
    }
    expect(snapshot).toEqual(expected);
  });

  it('leaves out empty fields and keeps the name even when empty', () => {
    expect(sellerSnapshot({ city: 'Lyon', phone: '', website: undefined })).toEqual({
      name: '',
      city: 'Lyon',
    });
  });
});
