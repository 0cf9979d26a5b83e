import type { QuoteRefreshPrices } from '@btp/shared/entities/library';
import '@btp/shared/zod-fr';
import * as z from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { quoteDetailSchema, type QuoteDetail } from './get-quote';
import { invalidateQuotes } from './invalidate-quotes';

const figures = z.object({ unitPrice: z.string(), saleUnitPrice: z.string(), saleTotal: z.string() });
const totals = z.object({
  subtotalAmount: z.string(),
  totalAmount: z.string(),
  vatAmount: z.string(),
  totalWithVat: z.string(),
});

/** The answer of « Actualiser les prix », read with the shared type (`QuoteRefreshPrices`). */
const refreshAnswer: z.ZodType<QuoteRefreshPrices<QuoteDetail>> = z.object({
  lines: z.array(
    z.object({
      itemId: z.string(),
      description: z.string().optional(),
      outcome: z.enum(['updated', 'unchanged', 'missing', 'manual']),
      missing: z.number().int(),
      old: figures,
      new: figures,
    }),
  ),
  old: totals,
  new: totals,
  changed: z.number().int(),
  quote: quoteDetailSchema.nullable(),
});
export type QuoteRefresh = z.infer<typeof refreshAnswer>;

/**
 * `POST /api/quotes/{id}/refresh-prices`: a draft's lines from the library's current costs, old →
 * new per line and in total; with `apply` and the `version` read, the draft saved so (a 409 when
 * it changed meanwhile, or when the quote is no longer a draft).
 */
export async function refreshQuotePrices(input: {
  id: string;
  apply?: boolean;
  version?: number;
}): Promise<QuoteRefresh> {
  const { id, ...body } = input;
  return refreshAnswer.parse(await api.post(`/api/quotes/${encodeURIComponent(id)}/refresh-prices`, body));
}

/** The preview (nothing saved, nothing to refresh afterwards). */
export function useRefreshPreview() {
  return useMutation({ mutationFn: (id: string) => refreshQuotePrices({ id }) });
}

/** Applying it: the quote lists and the dashboard read again. */
export function useApplyRefresh() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      refreshQuotePrices({ id, apply: true, version }),
    onSuccess: () => invalidateQuotes(queryClient),
  });
}
