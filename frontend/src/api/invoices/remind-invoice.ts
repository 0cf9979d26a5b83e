import { invoiceWithRefsSchema, type InvoiceWithRefs } from '@btp/shared/entities/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listNotificationsQueryOptions } from '../notifications/list-notifications';
import { invalidateInvoiceFigures } from './invalidate-invoice-figures';

/**
 * `POST /api/invoices/{id}/remind` ("Relancer"): the reminder e-mail with the issued PDF to the
 * client (or `email`). Answers the invoice with its `reminders`; the latest has `failure` when the
 * e-mail could not be sent.
 */
export async function remindInvoice({
  id,
  email,
  idempotencyKey,
}: {
  id: string;
  email?: string;
  /** One per click: a request repeated by the network never sends a second reminder. */
  idempotencyKey?: string;
}): Promise<InvoiceWithRefs> {
  return invoiceWithRefsSchema.parse(
    await api.post(
      `/api/invoices/${encodeURIComponent(id)}/remind`,
      email ? { email } : {},
      idempotencyKey === undefined ? {} : { headers: { 'Idempotency-Key': idempotencyKey } },
    ),
  );
}

export function useRemindInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remindInvoice,
    onSuccess: async () => {
      await Promise.all([
        invalidateInvoiceFigures(queryClient),
        queryClient.invalidateQueries({ queryKey: listNotificationsQueryOptions().queryKey }),
      ]);
    },
  });
}
