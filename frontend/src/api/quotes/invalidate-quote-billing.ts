import type { QueryClient } from '@tanstack/react-query';

import { invalidateInvoiceFigures } from '../invoices/invalidate-invoice-figures';
import { invalidateQuotes } from './invalidate-quotes';

/**
 * After a write on a quote's invoices (a situation, a release, a draft sent or deleted from
 * "Facturation du marché"): the quotes and their billing (same key), Facturation's list and the
 * dashboard's figures.
 */
export function invalidateQuoteBilling(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([invalidateQuotes(queryClient), invalidateInvoiceFigures(queryClient)]);
}
