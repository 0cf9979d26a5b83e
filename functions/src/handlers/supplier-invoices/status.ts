import { supplierInvoiceStatusParser } from '@btp/shared/einvoicing-network-input';
import { answerSupplierInvoice } from '../../einvoicing/exchange/lifecycles.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * POST /api/supplier-invoices/{id}/status: Prise en charge (204), Approuvée (205), En litige (207)
 * or Refusée (210) with its reason — a CDAR flow to the seller through the platform. Answers the
 * supplier invoice's lifecycle.
 */
export const handler = createHandler(
  { body: supplierInvoiceStatusParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await answerSupplierInvoice(companyOf(principal), params.id, body),
  }),
);
