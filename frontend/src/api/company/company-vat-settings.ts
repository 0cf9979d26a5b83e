import { defaultVatRate, vatRates, type VatRate } from '@btp/shared/enums';

import { useCompany } from './get-company';

/** What a document's VAT depends on in the company's profile (`GET /api/company`). */
export interface CompanyVatSettings {
  /** The rate of a new line (the profile's `defaultVatRate`). */
  defaultVatRate: VatRate;
  /** Franchise en base (art. 293 B CGI): the server taxes every line at 0 %, so an editor does too. */
  franchise: boolean;
}

const FALLBACK: CompanyVatSettings = { defaultVatRate, franchise: false };

function isVatRate(value: string | undefined): value is VatRate {
  return value !== undefined && (vatRates as readonly string[]).includes(value);
}

/**
 * The company's VAT settings for a document editor (a quote's, an invoice's): the default rate of a
 * new line and the franchise, from the profile's query. 20 % and VAT charged while it loads or when
 * it cannot be read, as the server does for a company without a profile.
 */
export function useCompanyVatSettings(): CompanyVatSettings {
  const profile = useCompany().data;
  if (profile === undefined) return FALLBACK;
  return {
    defaultVatRate: isVatRate(profile.defaultVatRate) ? profile.defaultVatRate : defaultVatRate,
    franchise: profile.vatRegime === 'franchise',
  };
}
