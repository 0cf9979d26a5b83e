import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';
import { importSupplierInvoice } from '../../purchases/supplier-invoice-import.js';

/**
 * POST /api/supplier-invoices/import (multipart `file`, up to 4 MiB: a Factur-X / ZUGFeRD PDF, a
 * CII or UBL XML). No body schema: the middleware parses JSON only, the service reads the raw
 * (base64-encoded) multipart body itself. 201 with the draft supplier invoice and its document.
 */
export const handler = createHandler({}, async ({ principal, event, headers }) => ({
  statusCode: 201,
  body: await importSupplierInvoice(companyOf(principal), {
    body: event.body,
    isBase64Encoded: event.isBase64Encoded,
    contentType: headers['content-type'],
  }),
}));
