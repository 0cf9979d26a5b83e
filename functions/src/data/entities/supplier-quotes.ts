import type { SupplierQuote, SupplierQuoteCreateData } from '@btp/shared/entities/supplier-quote';
import { numberSeries } from '../counters.js';
import { entityRepository } from '../entity-repository.js';
import { createNumbered } from './numbered.js';

/** Supplier price requests: `COMPANY#<c>` / `SUPPLIER_QUOTE#<id>`, numbered `DP-<year>-<n>`. */
export const supplierQuotes = entityRepository<SupplierQuote>({
  type: 'SUPPLIER_QUOTE',
  notFoundMessage: 'Demande de prix introuvable.',
  unique: [
    {
      field: 'NUMBER',
      value: (quote) => quote.number,
      message: 'Ce numéro de demande de prix est déjà utilisé.',
    },
  ],
});

export function createSupplierQuote(
  companyId: string,
  data: SupplierQuoteCreateData,
): Promise<SupplierQuote> {
  return createNumbered(supplierQuotes, numberSeries.supplierQuote, companyId, data);
}
