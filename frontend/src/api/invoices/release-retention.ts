import {
  invoiceWithRefsSchema,
  type InvoiceWithRefs,
  type RetentionReleaseData,
} from '@btp/shared/entities/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateQuoteBilling } from '../quotes/invalidate-quote-billing';

interface ReleaseRetentionInput {
  /** An issued situation whose retention is held. */
  id: string;
  /** The day the retention was paid (the server's today when absent) and the `version` read. */
  data: RetentionReleaseData;
}

/**
 * `POST /api/invoices/{id}/retention/release`: the retenue de garantie of a situation is paid to the
 * company (`retentionReleasedAt`). 409 when the invoice holds none or it is already released.
 */
export async function releaseRetention({ id, data }: ReleaseRetentionInput): Promise<InvoiceWithRefs> {
  return invoiceWithRefsSchema.parse(
    await api.post(`/api/invoices/${encodeURIComponent(id)}/retention/release`, data),
  );
}

export function useReleaseRetention() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: releaseRetention, onSuccess: () => invalidateQuoteBilling(queryClient) });
}
