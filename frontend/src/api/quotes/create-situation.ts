import { invoiceSchema, type Invoice, type SituationData } from '@btp/shared/entities/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateQuoteBilling } from './invalidate-quote-billing';

interface CreateSituationInput {
  /** The accepted quote. */
  id: string;
  /** The cumulative percent per line, one percent for every line, or a signed progress report. */
  data: SituationData;
}

/**
 * `POST /api/quotes/{id}/situations`: the next situation de travaux of an accepted quote, a draft
 * (`kind: progress`) computed by the server (DOCUMENTS.md § 4). 409 with a French message when a
 * percent is above 100 % or below what is already invoiced, when nothing moves, when the quote is not
 * accepted or already has a draft situation.
 */
export async function createSituation({ id, data }: CreateSituationInput): Promise<Invoice> {
  return invoiceSchema.parse(await api.post(`/api/quotes/${encodeURIComponent(id)}/situations`, data));
}

export function useCreateSituation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSituation, onSuccess: () => invalidateQuoteBilling(queryClient) });
}
