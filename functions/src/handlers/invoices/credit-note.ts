import { invoiceCreditNoteParser } from '@btp/shared/entities/invoice-credit-note-input';
import { createCreditNote } from '../../invoicing/credit-notes.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/invoices/{id}/credit-note: a draft credit note of an issued invoice (all or chosen lines). */
export const handler = createHandler(
  { body: invoiceCreditNoteParser, params: idParams },
  async ({ body, params, principal }) => ({
    statusCode: 201,
    body: await createCreditNote(companyOf(principal), params.id, body),
  }),
);
