import { invoiceRemindParser } from '@btp/shared/sending-input';
import { invoices } from '../../data/entities/invoices.js';
import { remindInvoice } from '../../invoicing/invoice-reminders.js';
import { presentInvoice } from '../../invoicing/present.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { claimSending, idempotencyKeyOf } from '../../sending/idempotency.js';

/**
 * POST /api/invoices/{id}/remind: "Relancer" — the reminder e-mail (the issued PDF attached) to the
 * client's address or `email`, recorded on the invoice (step `manual`). Answers the invoice with its
 * `reminders`; the latest carries `failure` when the e-mail could not be sent. 409 when the invoice
 * is not overdue or nothing remains to pay. An `Idempotency-Key` (one per click) makes a repeated
 * request answer the invoice again instead of sending a second reminder (docs/sending.md).
 */
export const handler = createHandler(
  { body: invoiceRemindParser, params: idParams },
  async ({ body, params, principal, headers }) => {
    const companyId = companyOf(principal);
    const claim = await claimSending(companyId, idempotencyKeyOf(headers), {
      action: 'invoice-remind',
      recordId: params.id,
    });
    if (claim.kind === 'first') {
      try {
        await remindInvoice(companyId, params.id, body.email);
      } catch (error) {
        await claim.release();
        throw error;
      }
      await claim.done();
    }
    return { body: await presentInvoice(companyId, await invoices.getOrThrow(companyId, params.id)) };
  },
);
