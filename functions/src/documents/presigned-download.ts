/** The presigned GET a browser downloads (or shows) a document's file with. */
import { documentsBucket, presignGetObject } from '../lib/s3.js';
import { send } from './document-storage.js';
import { contentDisposition } from './file-names.js';

/** How long a presigned download URL is valid, in seconds. */
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

/**
 * A presigned GET valid 5 minutes whose answer carries the document's type and its original name:
 * `attachment` to save it, `inline` to show it in the browser.
 */
export async function presignedDownload(
  key: string,
  file: { fileName: string; mimeType: string; inline: boolean },
): Promise<string> {
  return send(() =>
    presignGetObject(
      documentsBucket(),
      key,
      {
        'response-content-disposition': contentDisposition(
          file.fileName,
          file.inline ? 'inline' : 'attachment',
        ),
        'response-content-type': file.mimeType,
      },
      DOWNLOAD_URL_TTL_SECONDS,
    ),
  );
}
