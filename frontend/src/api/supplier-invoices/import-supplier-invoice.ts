import { MULTIPART_UPLOAD_MAX_BYTES } from '@btp/shared/document-upload';
import { documentSchema } from '@btp/shared/entities/document';
import { supplierInvoiceWithRefsSchema } from '@btp/shared/entities/supplier-invoice';
import '@btp/shared/zod-fr';
import * as z from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError, NetworkError } from '../../lib/api';
import { listDocumentsQueryOptions } from '../documents/list-documents';
import { listSuppliersQueryOptions } from '../suppliers/list-suppliers';
import { invalidateSupplierInvoices } from './invalidate-supplier-invoices';

/** The largest e-invoice the import takes, in bytes (4 MiB, the API's multipart limit). */
export const IMPORT_MAX_BYTES = MULTIPART_UPLOAD_MAX_BYTES;

/** The file is larger than 4 MiB: refused before anything is sent. */
export class ImportFileTooLargeError extends Error {
  override readonly name = 'ImportFileTooLargeError';
}

/**
 * The answer of the import: the draft (an invoice or a credit note) with its supplier, the
 * original file's document, whether the supplier is new, and for a credit note naming an invoice
 * it could not be linked to, why.
 */
const importAnswer = z.object({
  supplierInvoice: supplierInvoiceWithRefsSchema,
  document: documentSchema,
  supplierCreated: z.boolean(),
  notLinked: z.string().optional(),
});
export type SupplierInvoiceImport = z.infer<typeof importAnswer>;

/**
 * `POST /api/supplier-invoices/import`: a supplier's e-invoice (a Factur-X / ZUGFeRD PDF, a CII or
 * UBL 2.1 XML) as the multipart field `file`, as `POST /api/documents/upload` takes its files.
 * Answers the draft supplier invoice made from it, with its supplier (found by SIREN or VAT number,
 * else created: `supplierCreated`) and the original file kept in Documents (`document`, the
 * invoice's `documentId`). A refused file is an
 * `ApiError` carrying the server's French sentence: 415 not an e-invoice, 400 an XML that is not an
 * invoice, 409 already imported.
 */
export async function importSupplierInvoice(file: File): Promise<SupplierInvoiceImport> {
  if (file.size > IMPORT_MAX_BYTES) {
    // The server's own sentence for a file over the limit.
    throw new ImportFileTooLargeError(
      'Le fichier dépasse 4 Mo, la taille maximale d’une facture électronique importée.',
    );
  }
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    // No Content-Type: the browser writes the multipart boundary itself.
    response = await fetch('/api/supplier-invoices/import', {
      method: 'POST',
      headers: { Accept: 'application/json', 'X-Requested-With': 'fetch' },
      credentials: 'include',
      body: form,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText, response.headers);
  return importAnswer.parse(JSON.parse(text));
}

/**
 * Imports an e-invoice; on success the supplier invoices (and the figures built on them), the
 * suppliers (one may have been created) and the documents (the original file) are read again.
 */
export function useImportSupplierInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSupplierInvoice,
    onSuccess: () =>
      Promise.all([
        invalidateSupplierInvoices(queryClient),
        queryClient.invalidateQueries({ queryKey: listSuppliersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: listDocumentsQueryOptions().queryKey }),
      ]),
  });
}
