import '@btp/shared/zod-fr';
import * as z from 'zod';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../lib/api';

const downloadAnswer = z.object({ url: z.string() });

interface DownloadUrlInput {
  id: string;
  /** `true` to view the file in the browser ('Voir'), `false` to save it under its original name. */
  inline: boolean;
}

/**
 * `GET /api/documents/{id}/download`: a link to the file, valid 5 minutes, so it is asked for on
 * each click and never cached.
 */
export async function getDocumentDownloadUrl({ id, inline }: DownloadUrlInput): Promise<string> {
  const query = inline ? '?inline=1' : '';
  const answer = await api.get(`/api/documents/${encodeURIComponent(id)}/download${query}`);
  return downloadAnswer.parse(answer).url;
}

/** A mutation rather than a query: each click asks for a fresh link. */
export function useDocumentDownloadUrl() {
  return useMutation({ mutationFn: getDocumentDownloadUrl });
}
