import { invoiceListItemSchema, type InvoiceListItem } from '@btp/shared/entities/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listNotificationsQueryOptions } from '../notifications/list-notifications';
import { invalidateInvoiceFigures } from './invalidate-invoice-figures';

/**
 * `POST /api/invoices/{id}/remind` ("Relancer"): the reminder e-mail with the issued PDF to the
 * client (or `email`). Answers the invoice with its `reminders`; the latest has `failure` when the
 * e-mail could not be sent.
 */
export async function remindInvoice({ id, email }: { id: string; email?: string }): Promise<InvoiceListItem> {
  return invoiceListItemSchema.parse(
    await api.post(`/api/invoices/${encodeURIComponent(id)}/remind`, email ? { email } : {}),
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
