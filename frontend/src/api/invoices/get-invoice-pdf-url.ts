import type { PdfDisposition } from '@btp/shared/document-pdf';
import '@btp/shared/zod-fr';
import * as z from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listDocumentsQueryOptions } from '../documents/list-documents';

const pdfLinkAnswer = z.object({ url: z.string() });

interface InvoicePdfUrlInput {
  id: string;
  /** `inline` to read the PDF in the browser ('Aperçu'), `attachment` to save it ('Télécharger le PDF'). */
  disposition: PdfDisposition;
}

/**
 * `GET /api/invoices/{id}/pdf?disposition=…`: a link (valid 5 minutes) to the PDF of an invoice or
 * a credit note, named "Facture FAC-….pdf" or "Avoir AV-….pdf"; a draft's is a preview marked
 * "BROUILLON", made on the fly ("Facture (brouillon).pdf"), an issued one's the file archived at
 * issue (never made again).
 */
export async function getInvoicePdfUrl({ id, disposition }: InvoicePdfUrlInput): Promise<string> {
  const answer = await api.get(`/api/invoices/${encodeURIComponent(id)}/pdf?disposition=${disposition}`);
  return pdfLinkAnswer.parse(answer).url;
}

/** A mutation rather than a query: each click asks for a fresh link (and a draft's current PDF). */
export function useInvoicePdfUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: getInvoicePdfUrl,
    // A record issued before the archive existed gets its PDF archived in Documents when first asked.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listDocumentsQueryOptions().queryKey }),
  });
}
