import { invoiceSchema, type Invoice } from '@btp/shared/entities/invoice';
import type { QuoteInvoiceData } from '@btp/shared/entities/quote';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { dashboardStatsQueryOptions } from '../dashboard/get-dashboard-stats';
import { listInvoicesQueryOptions } from '../invoices/list-invoices';
import { invalidateQuotes } from './invalidate-quotes';
import { api } from '../../lib/api';

interface InvoiceQuoteInput {
  id: string;
  /** The whole quote (`standard`) or a deposit by `percentage` or `amount` HT. */
  data: QuoteInvoiceData;
}

/**
 * `POST /api/quotes/{id}/invoices`: a draft invoice of a validated quote, the whole of it or a deposit
 * split across its VAT rates; 409 when the quote is not validated or the deposit exceeds what remains.
 */
export async function invoiceQuote({ id, data }: InvoiceQuoteInput): Promise<Invoice> {
  return invoiceSchema.parse(await api.post(`/api/quotes/${encodeURIComponent(id)}/invoices`, data));
}

export function useInvoiceQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invoiceQuote,
    // The new invoice is in Facturation's list and the dashboard's figures; the quote's own record
    // may carry what it has invoiced.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listInvoicesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardStatsQueryOptions().queryKey }),
        invalidateQuotes(queryClient),
      ]),
  });
}
