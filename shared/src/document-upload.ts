/**
 * The two ways a file reaches the documents bucket (API.md "Documents"): small files through the
 * API in one multipart request, larger ones straight to the bucket with a presigned POST then a
 * `complete` call. The SPA picks the path with `uploadPathFor`; the server enforces both limits.
 */
import { MAX_DOCUMENT_BYTES } from './document-bucket.js';

/**
 * The largest file `POST /api/documents/upload` takes, in bytes (4 MiB): the request reaches Lambda
 * base64-encoded inside a 6 MB invocation payload.
 */
export const MULTIPART_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;

/** The largest file the presigned POST accepts, in bytes (50 MiB, spec section 9). */
export const PRESIGNED_UPLOAD_MAX_BYTES = MAX_DOCUMENT_BYTES;

/** `multipart` up to 4 MiB, `presigned` up to 50 MiB, `too_large` beyond (a size in bytes). */
export function uploadPathFor(size: number): 'multipart' | 'presigned' | 'too_large' {
  if (size <= MULTIPART_UPLOAD_MAX_BYTES) return 'multipart';
  if (size <= PRESIGNED_UPLOAD_MAX_BYTES) return 'presigned';
  return 'too_large';
}
