import { defaultVatRate, type VatRate } from '@btp/shared/enums';

/** What an invoice's VAT depends on in the company's profile. */
export interface CompanyVatSettings {
  /** The rate of a new line (the profile's `defaultVatRate`). */
  defaultVatRate: VatRate;
  /** Franchise en base (art. 293 B CGI): the server taxes every line at 0 %, so the editor does too. */
  franchise: boolean;
}

const FALLBACK: CompanyVatSettings = { defaultVatRate, franchise: false };

/**
 * The company's VAT settings for the invoice editor.
 *
 * Seam: the company profile (`GET /api/company`, with `defaultVatRate` and `vatRegime`) has no
 * query in the SPA yet. When `frontend/src/api/company/` gives one, read it here (`defaultVatRate`,
 * `vatRegime === 'franchise'`) and keep this fallback while it loads or fails.
 */
export function useCompanyVatSettings(): CompanyVatSettings {
  return FALLBACK;
}
