import {
  invoiceWithRefsSchema,
  type InvoiceWithRefs,
  type InvoiceUpdateData,
} from '@btp/shared/entities/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateQuoteBilling } from '../quotes/invalidate-quote-billing';

interface UpdateSituationInput {
  /** The draft situation. */
  id: string;
  /**
   * Its editable fields (never its lines: the server makes them), the `version` read and, to
   * recompute it, `situation` with new percentages.
   */
  data: Omit<InvoiceUpdateData, 'lines' | 'totalAmount'>;
}

/** `PUT /api/invoices/{id}` on a draft situation: new percentages (or only its title, description, due date). */
export async function updateSituation({ id, data }: UpdateSituationInput): Promise<InvoiceWithRefs> {
  return invoiceWithRefsSchema.parse(await api.put(`/api/invoices/${encodeURIComponent(id)}`, data));
}

export function useUpdateSituation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSituation, onSuccess: () => invalidateQuoteBilling(queryClient) });
}
