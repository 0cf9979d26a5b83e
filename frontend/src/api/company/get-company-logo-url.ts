import { queryOptions, useQuery } from '@tanstack/react-query';

import { getDocumentDownloadUrl } from '../documents/get-document-download-url';

/** A presigned link lasts 5 minutes: past 4, a screen that shows the logo again asks for a new one. */
const LINK_FRESH_MS = 4 * 60_000;

/**
 * The company logo's preview: `GET /api/documents/{id}/download?inline=1` of the logo's document
 * (a PNG or JPEG of the company), a link the `<img>` loads at once.
 */
export function companyLogoUrlQueryOptions(documentId: string) {
  return queryOptions({
    queryKey: ['company', 'logo', documentId],
    queryFn: () => getDocumentDownloadUrl({ id: documentId, inline: true }),
    staleTime: LINK_FRESH_MS,
  });
}

/** The logo's link, or nothing asked while there is no logo. */
export function useCompanyLogoUrl(documentId: string | undefined) {
  return useQuery({ ...companyLogoUrlQueryOptions(documentId ?? ''), enabled: Boolean(documentId) });
}
