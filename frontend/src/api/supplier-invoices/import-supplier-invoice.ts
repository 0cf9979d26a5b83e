import { MULTIPART_UPLOAD_MAX_BYTES } from '@btp/shared/document-upload';
import {
  supplierInvoiceListItemSchema,
  type SupplierInvoiceListItem,
} from '@btp/shared/entities/supplier-invoice';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

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
 * `POST /api/supplier-invoices/import`: a supplier's e-invoice (a Factur-X / ZUGFeRD PDF, a CII or
 * UBL 2.1 XML) as the multipart field `file`, as `POST /api/documents/upload` takes its files.
 * Answers the draft supplier invoice made from it, with its supplier (found by SIREN or VAT number,
 * else created) and the original file kept in Documents (`documentId`). A refused file is an
 * `ApiError` carrying the server's French sentence: 415 not an e-invoice, 400 an XML that is not an
 * invoice, 409 already imported.
 */
export async function importSupplierInvoice(file: File): Promise<SupplierInvoiceListItem> {
  if (file.size > IMPORT_MAX_BYTES) {
    throw new ImportFileTooLargeError('Le fichier dépasse la taille maximale de 4 Mo.');
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
  return supplierInvoiceListItemSchema.parse(JSON.parse(text));
}

/**
 * The supplier's name of an imported invoice: from the answer, else from the suppliers list read
 * again (the import may have just created the supplier).
 */
async function withSupplier(
  queryClient: QueryClient,
  invoice: SupplierInvoiceListItem,
): Promise<SupplierInvoiceListItem> {
  if (invoice.supplier !== undefined) return invoice;
  const suppliers = await queryClient
    .fetchQuery({ ...listSuppliersQueryOptions(), staleTime: 0 })
    .catch(() => []);
  const supplier = suppliers.find((candidate) => candidate.id === invoice.supplierId);
  return supplier === undefined
    ? invoice
    : { ...invoice, supplier: { id: supplier.id, name: supplier.name } };
}

/**
 * Imports an e-invoice; on success the supplier invoices (and the figures built on them), the
 * suppliers (one may have been created) and the documents (the original file) are read again.
 */
export function useImportSupplierInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => withSupplier(queryClient, await importSupplierInvoice(file)),
    onSuccess: () =>
      Promise.all([
        invalidateSupplierInvoices(queryClient),
        queryClient.invalidateQueries({ queryKey: listSuppliersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: listDocumentsQueryOptions().queryKey }),
      ]),
  });
}
