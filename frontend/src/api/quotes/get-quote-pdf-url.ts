import type { PdfDisposition } from '@btp/shared/document-pdf';
import '@btp/shared/zod-fr';
import * as z from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listDocumentsQueryOptions } from '../documents/list-documents';

const pdfLinkAnswer = z.object({ url: z.string() });

interface QuotePdfUrlInput {
  id: string;
  /** `inline` to read the PDF in the browser ('Aperçu'), `attachment` to save it ('Télécharger le PDF'). */
  disposition: PdfDisposition;
}

/**
 * `GET /api/quotes/{id}/pdf?disposition=…`: a link (valid 5 minutes) to the devis's PDF, named
 * "Devis DEV-<year>-<nnnn>.pdf"; a draft's is a preview marked "BROUILLON", made on the fly and
 * named "Devis DEV-<year>-<nnnn> (brouillon).pdf", a sent quote's the file archived when it was sent.
 */
export async function getQuotePdfUrl({ id, disposition }: QuotePdfUrlInput): Promise<string> {
  const answer = await api.get(`/api/quotes/${encodeURIComponent(id)}/pdf?disposition=${disposition}`);
  return pdfLinkAnswer.parse(answer).url;
}

/** A mutation rather than a query: each click asks for a fresh link (and a draft's current PDF). */
export function useQuotePdfUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: getQuotePdfUrl,
    // A record issued before the archive existed gets its PDF archived in Documents when first asked.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listDocumentsQueryOptions().queryKey }),
  });
}
