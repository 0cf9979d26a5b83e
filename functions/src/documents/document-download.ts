/**
 * The download of a GED document (`document-service.ts`): its own module so that only the download
 * function loads the request-presigner package.
 */
import { documents } from '../data/entities/documents.js';
import { documentObjectKey } from './document-storage.js';
import { presignedDownload } from './presigned-download.js';

/**
 * `GET /api/documents/{id}/download`: a presigned GET valid 5 minutes that saves the file under its
 * original name (`inline`: shows it in the browser instead).
 */
export async function downloadUrl(companyId: string, id: string, inline: boolean): Promise<{ url: string }> {
  const document = await documents.getOrThrow(companyId, id);
  const url = await presignedDownload(documentObjectKey(companyId, id), {
    fileName: document.originalName,
    mimeType: document.mimeType ?? 'application/octet-stream',
    inline,
  });
  return { url };
}
